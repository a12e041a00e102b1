import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// Last resort for errors thrown while loading or rendering a route (e.g. a chunk that failed to
// download after a deployment): say so and offer a reload instead of a blank page.
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('route error', error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box>
        <ErrorOutlined aria-hidden color="error" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          The page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually helps.
        </Typography>
        <Button variant="contained" sx={{ mt: 3 }} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}
