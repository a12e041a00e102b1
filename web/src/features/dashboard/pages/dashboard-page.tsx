import ArrowForward from '@mui/icons-material/ArrowForward';
import Paid from '@mui/icons-material/Paid';
import VpnKey from '@mui/icons-material/VpnKey';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router';
import { DashboardSummaryDocument } from '../../../gql/graphql';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { GettingStartedCard } from '../components/getting-started-card';
import { StatCard } from '../components/stat-card';

// The landing screen after login. Request and contract overviews join it with the requests work.
export function DashboardPage() {
  const { user } = useSessionUser();
  const { data, loading, error } = useQuery(DashboardSummaryDocument);
  const me = data?.me ?? user;
  const keyCount = data?.keys.length ?? 0;

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
        Welcome back, {me?.nickname ?? '…'}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        Your requests, surveys and clean rooms start here.
      </Typography>
      {error && !data ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Some of your account details could not be loaded. They will show once the server answers again.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
          columnGap: 3,
          mt: 2,
        }}
      >
        <StatCard
          icon={Paid}
          color="orange"
          label="IPT credit"
          value={me?.credit ?? 0}
          loading={!me}
          footer={
            <Link
              component={RouterLink}
              to="/auth/pricing-page"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              Purchase IPT Tokens <ArrowForward sx={{ fontSize: 16 }} />
            </Link>
          }
        />
        <StatCard
          icon={VpnKey}
          color="green"
          label="Encryption keys"
          value={keyCount}
          loading={loading && !data}
          footer={
            <Link
              component={RouterLink}
              to="/admin/settings"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              Manage keys in settings <ArrowForward sx={{ fontSize: 16 }} />
            </Link>
          }
        />
      </Box>
      <Box sx={{ maxWidth: { lg: 'calc(66.66% - 8px)' } }}>
        <GettingStartedCard emailVerified={me?.emailVerified ?? false} keyCount={keyCount} credit={me?.credit ?? 0} />
      </Box>
    </Box>
  );
}
