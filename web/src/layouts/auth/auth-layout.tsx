import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useDocumentTitle, useRouteHandle } from '../../shared/hooks/use-route-handle';
import { AUTH_BACKGROUNDS } from './auth-backgrounds';
import { AuthFooter } from './auth-footer';
import { AuthNavbar } from './auth-navbar';

// The bar shown while the next page loads: it is never on the first screen, so it loads after it.
// (fetched right after the first render, so the next page's loading shows at once)
// (React.lazy here, not shared/ui/lazy-with-preload: that adds 0.3 kB to the login page, at its budget)
const loadLinearProgress = () => import('@mui/material/LinearProgress');
const LinearProgress = lazy(loadLinearProgress);

// Open pages (/auth/*): a full-bleed background per page, a transparent top bar and the footer.
export function AuthLayout() {
  const { authBackground = 'login', title } = useRouteHandle();
  const navigation = useNavigation();
  useEffect(() => void loadLinearProgress(), []);
  useDocumentTitle(title);
  return (
    <Box
      data-background={authBackground}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        backgroundColor: '#1f1b2e',
        backgroundImage: `url(${AUTH_BACKGROUNDS[authBackground]})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        // a dark veil keeps white text readable over every picture
        '&::before': { content: '""', position: 'absolute', inset: 0, background: 'rgba(0,0,0,.35)' },
      }}
    >
      {navigation.state === 'loading' ? (
        <Suspense fallback={null}>
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1300 }}
          />
        </Suspense>
      ) : null}
      <AuthNavbar />
      <Box
        component="main"
        id="main-content"
        sx={{
          position: 'relative',
          zIndex: 1,
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          pt: { xs: 11, md: 13 },
          pb: 4,
        }}
      >
        <Outlet />
      </Box>
      <AuthFooter />
    </Box>
  );
}
