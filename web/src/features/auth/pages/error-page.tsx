import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_PATH } from '../../../shared/session/session-paths';

export const NOT_FOUND_TITLE = 'Page not found :(';
export const NOT_FOUND_TEXT = 'Ooooups! Looks like you got lost.';

// The 404 screen: /auth/error-page and every unknown path outside /admin.
export function ErrorPage() {
  return (
    <Box sx={{ textAlign: 'center', color: '#fff', maxWidth: 640 }}>
      <Typography
        aria-hidden
        sx={{ fontSize: { xs: '7rem', sm: '11rem' }, fontWeight: 300, lineHeight: 1, letterSpacing: '-0.02em' }}
      >
        404
      </Typography>
      <Typography variant="h3" component="h1" sx={{ mt: 1, fontSize: { xs: '1.8rem', sm: '2.4rem' } }}>
        {NOT_FOUND_TITLE}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 2, fontWeight: 300 }}>
        {NOT_FOUND_TEXT}
      </Typography>
      <Button component={RouterLink} to={DASHBOARD_PATH} variant="contained" color="secondary" sx={{ mt: 4 }}>
        Back to the dashboard
      </Button>
    </Box>
  );
}
