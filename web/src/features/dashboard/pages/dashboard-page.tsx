import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { DashboardSummaryDocument } from '../dashboard.generated';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { useDeleteRequestFlow } from '../components/delete-request-flow';
import { GettingStartedCard } from '../components/getting-started-card';
import { OverviewCards } from '../components/overview-cards';
import { RecentContractsCard } from '../components/recent-contracts-card';
import { RecentRequestsCard } from '../components/recent-requests-card';

// The landing screen after login (spec "Dashboard"): welcome, overview cards, Recent Requests and
// Recent Contracts. The session guard of the /admin routes has already checked the login.
export function DashboardPage() {
  const { user } = useSessionUser();
  const { data, error } = useQuery(DashboardSummaryDocument, {
    fetchPolicy: 'cache-first', // the route's loader fetched it (dashboard-prefetch.ts)
  });
  const me = data?.me ?? user;
  const keyCount = data?.keys.length ?? 0;
  const deletion = useDeleteRequestFlow();
  // First steps stay on the dashboard until a key exists and the e-mail is verified.
  const gettingStarted = data && (keyCount === 0 || !data.me.emailVerified);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
        Welcome back, {me?.nickname ?? '…'}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        Your requests, surveys and their responses at a glance.
      </Typography>
      {error && !data ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Some of your account details could not be loaded. They will show once the server answers again.
        </Alert>
      ) : null}
      <OverviewCards />
      {gettingStarted ? (
        <GettingStartedCard emailVerified={data.me.emailVerified} keyCount={keyCount} credit={data.me.credit} />
      ) : null}
      <Box
        sx={{
          display: 'grid',
          // side by side only where Recent Contracts' four columns leave its titles room (at 1440 px
          // a third of the width wrapped a title onto three or four lines): stacked below 1536 px
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 7fr) minmax(0, 5fr)' },
          columnGap: 3,
          alignItems: 'start',
        }}
      >
        <RecentRequestsCard onDelete={deletion.ask} />
        <RecentContractsCard />
      </Box>
      {deletion.dialogs}
    </Box>
  );
}
