import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { requestCreatePath } from './request-routes';

// The spec's "Create Survey" and "Create Collection" buttons (dashboard and request lists).
export function CreateRequestButtons() {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        component={RouterLink}
        to={requestCreatePath('survey')}
        variant="contained"
        size="small"
        startIcon={<Add />}
      >
        Create Survey
      </Button>
      <Button
        component={RouterLink}
        to={requestCreatePath('collection')}
        variant="contained"
        color="secondary"
        size="small"
        startIcon={<Add />}
      >
        Create Collection
      </Button>
    </Box>
  );
}
