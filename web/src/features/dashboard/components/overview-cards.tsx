import Assignment from '@mui/icons-material/Assignment';
import Forum from '@mui/icons-material/Forum';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { DashboardOverviewDocument } from '../dashboard.generated';
import { StatCard } from './stat-card';

// Two labelled numbers side by side in one card ("Open 3  Draft 1").
function Pair({ items }: { items: [string, number][] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 2.5, justifyContent: 'flex-end' }}>
      {items.map(([label, value]) => (
        <Box
          component="span"
          key={label}
          sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
        >
          <span>{value}</span>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

// The spec's overview cards: Request (Open, Draft), Response (Total, Today), Avg completion rate,
// and Avg time spent, which is a placeholder: the phone app does not report answer times.
export function OverviewCards() {
  // "Today" is the browser's day; read once so the variables stay stable across renders.
  const [tzOffset] = useState(() => new Date().getTimezoneOffset());
  const { data, loading, error } = useQuery(DashboardOverviewDocument, {
    variables: { tzOffset },
    // the route's loader fetched it (dashboard-prefetch.ts)
    fetchPolicy: 'cache-first',
  });
  useEffect(() => {
    // Spec s.8: dashboard call failures are logged; the cards then show dashes.
    if (error) console.error('Dashboard overview failed to load', error);
  }, [error]);
  const overview = data?.requestOverview;
  const waiting = loading && !overview;
  const missing = '—';
  const pair = (...items: [string, number | undefined][]) =>
    overview ? <Pair items={items.map(([label, value]) => [label, value ?? 0])} /> : missing;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        columnGap: 3,
      }}
    >
      <StatCard
        icon={Assignment}
        color="orange"
        label="Request"
        loading={waiting}
        value={
          overview ? (
            <Pair
              items={[
                ['Open', overview.open],
                ['Draft', overview.draft],
              ]}
            />
          ) : (
            missing
          )
        }
        footer="Published and draft requests"
      />
      <StatCard
        icon={Forum}
        color="green"
        label="Response"
        loading={waiting}
        value={pair(['Total', overview?.responseTotal], ['Today', overview?.responseToday])}
        footer="Answers from the phone app"
      />
      <StatCard
        icon={TaskAlt}
        color="red"
        label="Avg completion rate"
        loading={waiting}
        value={overview ? `${overview.avgCompRate.toFixed(1)}%` : missing}
        footer="Paid responses filled on your published requests"
      />
      <StatCard
        icon={HourglassEmpty}
        color="blue"
        label="Avg time spent"
        value={missing}
        footer="Not measured yet: the phone app does not report answer times"
      />
    </Box>
  );
}
