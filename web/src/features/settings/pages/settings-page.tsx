import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useScrollToHash } from '../../../shared/hooks/use-scroll-to-hash';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { lazyPart, usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ProfileForm } from '../components/profile-form';
import { WalletCard } from '../components/wallet-card';

// The cards below the first screenful load after the page's first render.
const ApiTokensCard = lazyPart(async () => (await import('../components/api-tokens-card')).ApiTokensCard, {
  label: 'Loading your API tokens…',
  minHeight: 240,
});
const IntegrationsCard = lazyPart(async () => (await import('../components/integrations-card')).IntegrationsCard, {
  label: 'Loading your integrations…',
  minHeight: 240,
});

type Props = {
  // Key management (the keys feature), composed in by the router.
  keysSection?: ReactNode;
  // Credit: moving it to the wallet and its history (the billing feature), composed in by the router.
  creditSection?: ReactNode;
};

// /admin/settings: profile, encryption keys, API tokens, wallet and credit.
export function SettingsPage({ keysSection, creditSection }: Props) {
  const { user } = useSessionUser();
  usePreloadWhenIdle(ApiTokensCard, IntegrationsCard);
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
