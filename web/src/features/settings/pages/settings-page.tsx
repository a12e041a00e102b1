import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useScrollToHash } from '../../../shared/hooks/use-scroll-to-hash';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ApiTokensCard } from '../components/api-tokens-card';
import { IntegrationsCard } from '../components/integrations-card';
import { ProfileForm } from '../components/profile-form';
import { WalletCard } from '../components/wallet-card';

type Props = {
  // Key management (the keys feature), composed in by the router.
  keysSection?: ReactNode;
  // Credit: moving it to the wallet and its history (the billing feature), composed in by the router.
  creditSection?: ReactNode;
};

// /admin/settings: profile, encryption keys, API tokens, wallet and credit.
export function SettingsPage({ keysSection, creditSection }: Props) {
  const { user } = useSessionUser();
  // e.g. the header's "Credit history" (#credit-history)
  useScrollToHash(user !== null);
  if (!user) return <PageLoader label="Loading your profile…" />;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
        Settings
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          columnGap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <ProfileForm key={user.id} user={user} />
          {keysSection}
          <ApiTokensCard />
          <IntegrationsCard />
        </Box>
        <Box sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <WalletCard />
          {creditSection}
        </Box>
      </Box>
    </Box>
  );
}
