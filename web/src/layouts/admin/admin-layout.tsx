import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useDocumentTitle, useRouteHandle } from '../../shared/hooks/use-route-handle';
import { useSessionUser } from '../../shared/session/use-session-user';
import { theme } from '../../shared/theme/theme';
import { AdminHeader } from './admin-header';
import { AdminSidebar, SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from './admin-sidebar';
import { AppearancePanel } from './appearance-panel';
import { useAppearanceSettings } from './appearance-settings';

type Props = {
  // Header slot for the notifications dropdown (composed by the router: layouts do not own features).
  notifications?: ReactNode;
};

// Authenticated screens: sidebar, header, appearance panel. The route loader has already
// checked the session before this renders.
export function AdminLayout({ notifications }: Props) {
  const { user } = useSessionUser();
  const { title = 'Parley' } = useRouteHandle();
  const navigation = useNavigation();
  const [appearance, setAppearance] = useAppearanceSettings();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  useDocumentTitle(title);

  // Spec s.2: the temporary drawer closes once the window is at least 960 px wide (state adjusted
  // while rendering, as React recommends, rather than in an effect).
  const [wasDesktop, setWasDesktop] = useState(isDesktop);
  if (isDesktop !== wasDesktop) {
    setWasDesktop(isDesktop);
    if (isDesktop) setMobileOpen(false);
  }

  const offset = isDesktop ? (appearance.mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH) : 0;
  return (
    // relative: the desktop sidebar spans the whole page, however long
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', position: 'relative' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 16, top: 16, zIndex: 2000, bgcolor: '#fff', p: 1, borderRadius: 1 },
        }}
      >
        Skip to content
      </Box>
      {navigation.state === 'loading' ? (
        <LinearProgress aria-label="Loading page" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1400 }} />
      ) : null}
      <AdminSidebar
        user={user}
        appearance={appearance}
        isDesktop={isDesktop}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box
        sx={{
          ml: `${offset}px`,
          transition: 'margin-left .25s ease',
          display: 'flex',
          flexDirection: 'column',
          minHeight: '100vh',
        }}
      >
        <AdminHeader
          title={title}
          isDesktop={isDesktop}
          mini={appearance.mini}
          credit={user?.credit ?? 0}
          onToggleMini={() => setAppearance({ mini: !appearance.mini })}
          onOpenMobile={() => setMobileOpen(true)}
          notifications={notifications}
        />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, px: { xs: 1.5, sm: 2.5, md: 3.5 }, py: { xs: 2, md: 3 }, outline: 'none' }}
        >
          <Outlet />
        </Box>
        <Box
          component="footer"
          sx={{
            px: { xs: 2, md: 3.5 },
            py: 2,
            borderTop: '1px solid',
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: { xs: 'center', sm: 'flex-end' },
            gap: 1,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            &copy; {new Date().getFullYear()} Parley, made for your data-privacy needs
          </Typography>
          {/* on phones and tablets the appearance button sits here, covering nothing */}
          {isDesktop ? null : <AppearancePanel settings={appearance} onChange={setAppearance} placement="inline" />}
        </Box>
      </Box>
      {isDesktop ? <AppearancePanel settings={appearance} onChange={setAppearance} /> : null}
    </Box>
  );
}
