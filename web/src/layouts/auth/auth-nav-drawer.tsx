import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { AUTH_LINKS as LINKS } from './auth-links';

// The open pages' links on a phone, in a drawer from the right (loaded on the first tap).
export function AuthNavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // a temporary drawer is a dialog: it needs a name (axe's aria-dialog-name)
      slotProps={{ paper: { sx: { width: 260, bgcolor: '#2b2b3a', color: '#fff' }, 'aria-label': 'Navigation' } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <IconButton color="inherit" aria-label="Close navigation" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <List component="nav" aria-label="Main">
        {LINKS.map(({ to, label, Icon }) => (
          <ListItemButton
            key={to}
            component={NavLink}
            to={to}
            onClick={onClose}
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
  );
}
