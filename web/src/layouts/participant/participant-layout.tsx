import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigation } from 'react-router';
import { gradient } from '../../shared/theme/palette';
import { useDocumentTitle, useRouteHandle } from '../../shared/hooks/use-route-handle';
import { BrandMark } from '../../shared/ui/brand-mark';
import { LightIcon } from '../../features/participant/components/light-icons';
import { AppLanguagePicker } from '../../features/participant/components/language-switch';
import { DirectionFrame } from '../../features/participant/i18n/direction-frame';
import { msg, startAppLanguage, useAppLanguage } from '../../features/participant/i18n/i18n';

const NAV = [
  { to: '/p', label: msg('Requests'), icon: 'inbox' },
  { to: '/p/answers', label: msg('My answers'), icon: 'taskAlt' },
  { to: '/p/wallet', label: msg('Wallet'), icon: 'wallet' },
] as const;
// the participant routes' titles (the route table), shown in the browser's tab
const TITLES = [
  msg('Open requests'),
  msg('Answer a request'),
  msg('My answers'),
  msg('Check a receipt'),
  msg('Wallet'),
];

const current = (pathname: string) =>
  // the receipt check is reached from My answers
  pathname.startsWith('/p/answers') || pathname.startsWith('/p/verify')
    ? '/p/answers'
    : pathname.startsWith('/p/wallet')
      ? '/p/wallet'
      : '/p';

// The participant app (/p/*): a phone-first shell of its own, no requester sidebar or header. A top
// bar with the brand, the language and, on wide screens, the three sections; on a phone they sit at
// the bottom. Everything in the participant's language, laid out in its direction.
export function ParticipantLayout() {
  return (
    <DirectionFrame>
      <Shell />
    </DirectionFrame>
  );
}

function Shell() {
  const { title } = useRouteHandle();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { t, dir, language } = useAppLanguage();
  // the pages show once the participant's language is loaded, never in English first
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void startAppLanguage().then(() => setReady(true));
  }, []);
  useDocumentTitle(title && TITLES.includes(title) ? t(title) : title);
  const active = current(pathname);
  return (
    <Box
      dir={dir}
      lang={language}
      sx={{ minHeight: '100vh', bgcolor: '#f4f2f7', display: 'flex', flexDirection: 'column' }}
    >
      {navigation.state === 'loading' ? (
        <Box
          role="progressbar"
          aria-label={t('Loading page')}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, bgcolor: '#ffa726', zIndex: 1300 }}
        />
      ) : null}
      <Box
        component="header"
        sx={{ background: gradient('purple'), color: '#fff', px: 2, pt: 1.5, pb: { xs: 5, sm: 6 } }}
      >
        {/* wraps rather than overflow: at 200% zoom (640 css px) in a long language nothing fits one line */}
        <Box
          sx={{
            maxWidth: 720,
            mx: 'auto',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1.5,
            rowGap: 1,
          }}
        >
          <Box
            component={RouterLink}
            to="/p"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
          >
            <BrandMark size={30} />
            <Box component="span" sx={{ fontWeight: 500, fontSize: '1.15rem' }}>
              Parley
            </Box>
          </Box>
          <Box
            component="span"
            sx={{ opacity: 0.8, fontSize: '0.85rem', mt: '2px', display: { xs: 'none', md: 'inline' } }}
          >
            {t('for participants')}
          </Box>
          <Box
            component="nav"
            aria-label={t('Participant')}
            sx={{ ml: 'auto', display: { xs: 'none', sm: 'flex' }, gap: 0.5 }}
          >
            {NAV.map(({ to, label, icon }) => (
              <Box
                key={to}
                component={RouterLink}
                to={to}
                aria-current={active === to ? 'page' : undefined}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.75,
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 1,
                  color: '#fff',
                  textDecoration: 'none',
                  fontSize: '0.875rem',
                  fontWeight: 500,
                  textTransform: 'uppercase',
                  bgcolor: active === to ? 'rgba(255,255,255,.18)' : 'transparent',
                  '&:hover': { bgcolor: 'rgba(255,255,255,.12)' },
                }}
              >
                <LightIcon name={icon} size={20} />
                {t(label)}
              </Box>
            ))}
          </Box>
          <AppLanguagePicker />
        </Box>
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 720,
          mx: 'auto',
          px: { xs: 1.5, sm: 2 },
          mt: { xs: -4, sm: -5 },
          pb: { xs: 11, sm: 4 },
        }}
      >
        {ready ? <Outlet /> : null}
      </Box>
      <Box
        component="nav"
        aria-label={t('Participant sections')}
        sx={{
          position: 'fixed',
          bottom: 0,
          left: 0,
          right: 0,
          zIndex: 1100,
          display: { xs: 'flex', sm: 'none' },
          bgcolor: '#fff',
          boxShadow: '0 -2px 10px rgba(0,0,0,.12)',
          height: 60,
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        {NAV.map(({ to, label, icon }) => (
          <Box
            key={to}
            component={RouterLink}
            to={to}
            aria-current={active === to ? 'page' : undefined}
            sx={{
              flex: 1,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 0.25,
              textDecoration: 'none',
              fontSize: '0.75rem',
              color: active === to ? 'primary.main' : 'text.secondary',
              fontWeight: active === to ? 500 : 400,
            }}
          >
            <LightIcon name={icon} />
            {t(label)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
