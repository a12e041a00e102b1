import Dashboard from '@mui/icons-material/Dashboard';
import Fingerprint from '@mui/icons-material/Fingerprint';
import LockOpen from '@mui/icons-material/LockOpen';
import PersonAdd from '@mui/icons-material/PersonAdd';

// The open pages' navigation: the top bar's buttons and, on phones, its drawer.
export const AUTH_LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard', Icon: Dashboard },
  { to: '/auth/register-page', label: 'Register', Icon: PersonAdd },
  { to: '/auth/login-page', label: 'Login', Icon: Fingerprint },
  { to: '/auth/lock-screen-page', label: 'Lock', Icon: LockOpen },
] as const;
