import Dashboard from '@mui/icons-material/Dashboard';
import MeetingRoom from '@mui/icons-material/MeetingRoom';
import Settings from '@mui/icons-material/Settings';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import type { SessionUser } from '../../shared/session/use-session-user';
import { DASHBOARD_PATH, SETTINGS_PATH } from '../../shared/session/session-paths';
import { BrandMark } from '../../shared/ui/brand-mark';
import { BRAND_COLORS, colorShadow, gradient } from '../../shared/theme/palette';
import { activeTextOf, SIDEBAR_SURFACE, type AppearanceSettings } from './appearance-settings';

// Only these two screens are sidebar entries (spec s.2); the rest are reached from them.
const NAV_ITEMS = [
  { to: DASHBOARD_PATH, label: 'Dashboard', Icon: Dashboard },
  { to: '/admin/vcr', label: 'Virtual Clean Room', Icon: MeetingRoom },
] as const;

type Props = {
  user: SessionUser | null;
  appearance: AppearanceSettings;
  // true: icons only (the mini sidebar, not hovered)
  compact: boolean;
  onNavigate?: () => void;
};

export function SidebarContent({ user, appearance, compact, onNavigate }: Props) {
  const surface = SIDEBAR_SURFACE[appearance.background];
  const activeIsWhite = appearance.color === 'white';
  const avatarColor = activeIsWhite ? 'purple' : appearance.color;
  const itemSx = {
    borderRadius: 1,
    mx: 1.5,
    my: 0.5,
    px: 1.5,
    color: surface.text,
    minHeight: 44,
    '&:hover': { bgcolor: 'rgba(200,200,200,.2)' },
    '&.active': {
      background: activeIsWhite ? '#fff' : gradient(appearance.color),
      color: activeTextOf(appearance.color),
      boxShadow: activeIsWhite ? '0 4px 20px 0 rgba(0,0,0,.14)' : colorShadow(appearance.color),
    },
    '&.active .MuiListItemIcon-root': { color: 'inherit' },
    // the theme's purple ring is faint on the dark surfaces: the ring takes the sidebar's text colour
    '&:focus-visible': { outline: `2px solid ${surface.text}`, outlineOffset: 2 },
  } as const;
  // MUI's ListItemIcon and ListItemText, as plain boxes with their styles and class names. In the
  // mini sidebar the text stays in the link (transparent), so the link keeps its name; the sidebar
  // widens as soon as the pointer or the focus is on it, so the words show before a tooltip could.
  const label = (text: string) => (
    <Box
      className="MuiListItemText-root"
      sx={{ flex: '1 1 auto', minWidth: 0, opacity: compact ? 0 : 1, transition: 'opacity .2s', whiteSpace: 'nowrap' }}
    >
      <Typography component="span" className="MuiListItemText-primary" sx={{ display: 'block' }}>
        {text}
      </Typography>
    </Box>
  );
  const entry = (to: string, text: string, Icon: ComponentType<SvgIconProps>) => (
    <ListItemButton key={to} component={NavLink} to={to} onClick={onNavigate} sx={itemSx}>
      <Box
        component="span"
        className="MuiListItemIcon-root"
        sx={{ color: surface.muted, minWidth: 40, flexShrink: 0, display: 'inline-flex' }}
      >
        <Icon />
      </Box>
      {label(text)}
    </ListItemButton>
  );
  // MUI's List: an unstyled list
  const listSx = { listStyle: 'none', m: 0, p: 0, position: 'relative' } as const;

  return (
    <Box
      sx={{
        position: 'relative',
        zIndex: 2,
        color: surface.text,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflowX: 'hidden',
      }}
    >
      <Box
        component={Link}
        to={DASHBOARD_PATH}
        onClick={onNavigate}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.75,
          py: 2,
          color: 'inherit',
          textDecoration: 'none',
          borderBottom: `1px solid ${surface.divider}`,
        }}
      >
        <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0 }}>
          <BrandMark size={34} />
        </Box>
        <Typography
          component="span"
          noWrap
          sx={{
            fontSize: '1.1rem',
            letterSpacing: '.08em',
            textTransform: 'uppercase',
            opacity: compact ? 0 : 1,
            transition: 'opacity .2s',
          }}
        >
          Parley
        </Typography>
      </Box>
      <Box sx={{ borderBottom: `1px solid ${surface.divider}`, py: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.75, mb: 0.5 }}>
          <Avatar
            src={user?.avatarUrl ?? undefined}
            alt=""
            sx={{
              width: 34,
              height: 34,
              // the initial in the active entry's colours (4.5:1 on the gradient's light stop)
              bgcolor: BRAND_COLORS[avatarColor].light,
              color: activeTextOf(avatarColor),
              flexShrink: 0,
            }}
          >
            {user?.nickname.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography noWrap sx={{ opacity: compact ? 0 : 1, transition: 'opacity .2s' }} title={user?.nickname}>
            {user?.nickname ?? ' '}
          </Typography>
        </Box>
        <Box component="ul" aria-label="Account" sx={listSx}>
          <li>{entry(SETTINGS_PATH, 'Settings', Settings)}</li>
        </Box>
      </Box>
      <Box component="nav" aria-label="Sections" sx={{ ...listSx, pt: 1.5, pb: 1 }}>
        {NAV_ITEMS.map(({ to, label: text, Icon }) => entry(to, text, Icon))}
      </Box>
    </Box>
  );
}
