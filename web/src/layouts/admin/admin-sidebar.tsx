import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '../../shared/session/use-session-user';
import { SIDEBAR_IMAGES, SIDEBAR_SURFACE, type AppearanceSettings } from './appearance-settings';
import { SidebarContent } from './sidebar-content';

// Spec s.9: drawer width 260 px, 80 px when mini.
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_MINI_WIDTH = 80;

// The phone's temporary drawer (MUI's Drawer with its modal, focus trap and slide) loads only below
// 960 px, where the sidebar is one; the docked sidebar is a plain aside.
const Drawer = lazy(() => import('@mui/material/Drawer'));

type Props = {
  user: SessionUser | null;
  appearance: AppearanceSettings;
  isDesktop: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
};

// Background image under a tinted veil, as in the template; purely decorative.
function SidebarBackdrop({ appearance }: { appearance: AppearanceSettings }) {
  const surface = SIDEBAR_SURFACE[appearance.background];
  return (
    <>
      {appearance.showImage ? (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            backgroundImage: `url(${SIDEBAR_IMAGES[appearance.image].src})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
      ) : null}
      <Box
        aria-hidden
        sx={{ position: 'absolute', inset: 0, bgcolor: surface.bg, opacity: appearance.showImage ? 0.84 : 1 }}
      />
    </>
  );
}

export function AdminSidebar({ user, appearance, isDesktop, mobileOpen, onMobileClose }: Props) {
  const [hovered, setHovered] = useState(false);
  // A mini sidebar opens over the content while the pointer (or focus) is on it.
  const compact = isDesktop && appearance.mini && !hovered;
  const width = compact ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;
  const paperSx = {
    width,
    overflow: 'hidden',
    border: 'none',
    boxShadow: '0 10px 30px -12px rgba(0,0,0,.42)',
    transition: 'width .25s ease',
  } as const;

  if (!isDesktop) {
    return (
      <Suspense fallback={null}>
        <Drawer
          variant="temporary"
          anchor="left"
          open={mobileOpen}
          onClose={onMobileClose}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { ...paperSx, width: SIDEBAR_WIDTH }, 'aria-label': 'Sidebar' } }}
        >
          <SidebarBackdrop appearance={appearance} />
          <SidebarContent user={user} appearance={appearance} compact={false} onNavigate={onMobileClose} />
        </Drawer>
      </Suspense>
    );
  }
  // What MUI's permanent Drawer draws (a docked root and its paper, with their class names), without
  // the Drawer module, which brings the modal and the slide of the temporary variant along.
  return (
    <Box
      className="MuiDrawer-root MuiDrawer-docked"
      sx={{ flex: '0 0 auto' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {/* The paper spans the whole page (its backdrop reaches the bottom of long pages, also in
          full-page captures and print) and its content stays in view while the page scrolls.
          overflow clip, not hidden: hidden would make the paper a scroll container and stop sticky. */}
      <Box
        component="aside"
        aria-label="Sidebar"
        className="MuiPaper-root MuiDrawer-paper MuiDrawer-paperAnchorLeft MuiDrawer-paperAnchorDockedLeft"
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          display: 'flex',
          flexDirection: 'column',
          flex: '1 0 auto',
          zIndex: 'drawer',
          outline: 0,
          left: 0,
          ...paperSx,
          position: 'absolute',
          top: 0,
          bottom: 0,
          height: 'auto',
          overflow: 'clip',
        }}
      >
        <SidebarBackdrop appearance={appearance} />
        <Box sx={{ position: 'sticky', top: 0, height: '100vh', zIndex: 2 }}>
          <SidebarContent user={user} appearance={appearance} compact={compact} />
        </Box>
      </Box>
    </Box>
  );
}
