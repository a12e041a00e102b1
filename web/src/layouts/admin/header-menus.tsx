import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Settings from '@mui/icons-material/Settings';
import History from '@mui/icons-material/History';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Paid from '@mui/icons-material/Paid';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { LOGOUT_PATH, SETTINGS_PATH } from '../../shared/session/session-paths';
import { HeaderMenu } from '../../shared/ui/header-menu';

// "{credit} IPT Tokens Bought!" (spec s.2): the prepaid credit of the signed-in user.
export function CreditsMenu({ credit }: { credit: number }) {
  return (
    <HeaderMenu label="IPT credit" icon={<Paid />}>
      {(close, { Divider, ListItemIcon, MenuItem }) => [
        <MenuItem key="credit" disabled sx={{ opacity: '1 !important' }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {credit} IPT Tokens Bought!
          </Typography>
        </MenuItem>,
        <Divider key="divider" />,
        <MenuItem key="buy" component={Link} to="/auth/pricing-page" onClick={close}>
          <ListItemIcon>
            <ShoppingCart fontSize="small" />
          </ListItemIcon>
          Purchase IPT Tokens
        </MenuItem>,
        <MenuItem key="history" component={Link} to={`${SETTINGS_PATH}#credit-history`} onClick={close}>
          <ListItemIcon>
            <History fontSize="small" />
          </ListItemIcon>
          Credit history
        </MenuItem>,
      ]}
    </HeaderMenu>
  );
}

export function ProfileMenu() {
  return (
    <HeaderMenu label="Account" icon={<Person />}>
      {(close, { Divider, ListItemIcon, MenuItem }) => [
        <MenuItem key="settings" component={Link} to={SETTINGS_PATH} onClick={close}>
          <ListItemIcon>
            <Settings fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>,
        <Divider key="divider" />,
        <MenuItem key="logout" component={Link} to={LOGOUT_PATH} onClick={close}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>,
      ]}
    </HeaderMenu>
  );
}
