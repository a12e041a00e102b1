import Close from '@mui/icons-material/Close';
import Dashboard from '@mui/icons-material/Dashboard';
import Fingerprint from '@mui/icons-material/Fingerprint';
import LockOpen from '@mui/icons-material/LockOpen';
import Menu from '@mui/icons-material/Menu';
import PersonAdd from '@mui/icons-material/PersonAdd';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '../../shared/ui/brand-mark';

const LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard', Icon: Dashboard },
  { to: '/auth/register-page', label: 'Register', Icon: PersonAdd },
  { to: '/auth/login-page', label: 'Login', Icon: Fingerprint },
  { to: '/auth/lock-screen-page', label: 'Lock', Icon: LockOpen },
] as const;

// Transparent top bar of the open pages; the links fold into a drawer on phones.
export function AuthNavbar() {
  const [open, setOpen] = useState(false);
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
          onClick={() => setOpen(true)}
        >
          <Menu />
        </IconButton>
      </Toolbar>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: 260, bgcolor: '#2b2b3a', color: '#fff' } } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <IconButton color="inherit" aria-label="Close navigation" onClick={() => setOpen(false)}>
            <Close />
          </IconButton>
        </Box>
        <List component="nav" aria-label="Main">
          {LINKS.map(({ to, label, Icon }) => (
            <ListItemButton
              key={to}
              component={NavLink}
              to={to}
              onClick={() => setOpen(false)}
              sx={{ '&.active': { bgcolor: 'rgba(255,255,255,.12)' } }}
            >
              <ListItemIcon sx={{ color: 'inherit' }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
    </AppBar>
  );
}
