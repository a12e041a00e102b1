import Menu from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '../../shared/ui/brand-mark';
import { AUTH_LINKS as LINKS } from './auth-links';

const AuthNavDrawer = lazy(() => import('./auth-nav-drawer').then((m) => ({ default: m.AuthNavDrawer })));

// Transparent top bar of the open pages; the links fold into a drawer on phones.
export function AuthNavbar() {
  const [open, setOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  return (
    <AppBar position="absolute" color="transparent" elevation={0} sx={{ color: '#fff' }}>
      <Toolbar sx={{ maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 2, sm: 3 } }}>
        <Box
          component={Link}
          to="/auth/login-page"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 'auto' }}
        >
          <BrandMark size={30} />
          <Typography component="span" variant="h6" sx={{ fontWeight: 400, letterSpacing: '.04em' }}>
            Parley
          </Typography>
        </Box>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          {LINKS.map(({ to, label, Icon }) => (
            <Button
              key={to}
              component={NavLink}
              to={to}
              startIcon={<Icon />}
              sx={{
                color: 'inherit',
                textTransform: 'uppercase',
                fontSize: '0.8rem',
                '&.active': { bgcolor: 'rgba(255,255,255,.18)' },
              }}
            >
              {label}
            </Button>
          ))}
        </Box>
        <IconButton
          color="inherit"
          sx={{ display: { md: 'none' } }}
          aria-label="Open navigation"
          onClick={() => {
            setDrawerWanted(true);
            setOpen(true);
          }}
        >
          <Menu />
        </IconButton>
      </Toolbar>
      {/* the phone drawer (and MUI's Modal under it) loads on the first tap: the login page stays small */}
      {drawerWanted ? (
        <Suspense fallback={null}>
          <AuthNavDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
