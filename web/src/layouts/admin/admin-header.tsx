import Dashboard from '@mui/icons-material/Dashboard';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import Menu from '@mui/icons-material/Menu';
import MoreVert from '@mui/icons-material/MoreVert';
import Search from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '../../shared/session/session-paths';
import { Hint } from '../../shared/ui/hint';
import { CreditsMenu, ProfileMenu } from './header-menus';

type Props = {
  title: string;
  isDesktop: boolean;
  mini: boolean;
  credit: number;
  onToggleMini: () => void;
  onOpenMobile: () => void;
  // The notifications dropdown (a feature component, passed in by the layout).
  notifications: ReactNode;
};

export function AdminHeader({ title, isDesktop, mini, credit, onToggleMini, onOpenMobile, notifications }: Props) {
  return (
    <AppBar
      position="sticky"
      color="transparent"
      elevation={0}
      sx={{ bgcolor: 'rgba(238,238,238,.92)', backdropFilter: 'blur(6px)', color: 'text.primary' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2, md: 3 }, minHeight: { xs: 64, md: 72 } }}>
        {isDesktop ? (
          <Hint title={mini ? 'Expand sidebar' : 'Collapse sidebar'}>
            <IconButton
              aria-label={mini ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-pressed={mini}
              onClick={onToggleMini}
              sx={{ bgcolor: '#fff', boxShadow: 1, '&:hover': { bgcolor: '#fafafa' } }}
            >
              {mini ? <FormatListBulleted /> : <MoreVert />}
            </IconButton>
          </Hint>
        ) : (
          <IconButton aria-label="Open sidebar" onClick={onOpenMobile}>
            <Menu />
          </IconButton>
        )}
        <Typography
          component="p"
          variant="h6"
          noWrap
          sx={{ fontWeight: 300, fontSize: { xs: '1.05rem', sm: '1.2rem' }, flex: 1, minWidth: 0, ml: 1 }}
        >
          {title}
        </Typography>
        <Box
          component="form"
          role="search"
          onSubmit={(event) => event.preventDefault()}
          sx={{
            display: { xs: 'none', sm: 'flex' },
            alignItems: 'center',
            borderBottom: '1px solid',
            borderColor: 'divider',
            mr: 1,
          }}
        >
          <InputBase
            placeholder="Search"
            inputProps={{ 'aria-label': 'Search' }}
            sx={{ width: { sm: 140, lg: 200 }, fontSize: '0.95rem' }}
          />
          <IconButton type="submit" size="small" aria-label="Search" sx={{ bgcolor: '#fff', boxShadow: 1, ml: 0.5 }}>
            <Search fontSize="small" />
          </IconButton>
        </Box>
        <Hint title="Dashboard">
          <IconButton component={Link} to={DASHBOARD_PATH} aria-label="Dashboard" color="inherit">
            <Dashboard />
          </IconButton>
        </Hint>
        {notifications}
        <CreditsMenu credit={credit} />
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
