import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import type { RequestResults_RequestFragment } from '../responses.generated';
import type { RequestType } from '../../../shared/requests/request-routes';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useRequestResults } from '../hooks/use-request-results';
import { HighLevelDetails } from './high-level-details';
import { RetentionPart } from './lazy-parts';

type Props = {
  // What the screen is about, before the title is known ("Collection detail").
  heading: string;
  // The route's type; a request of the other type is sent to the same screen of its own type.
  type: RequestType | undefined;
  pathFor: (type: RequestType, id: string) => string;
  actions?: (request: RequestResults_RequestFragment) => ReactNode;
  children: (request: RequestResults_RequestFragment) => ReactNode;
};

// Detail and report screens: a back link, the title, High Level Details, then the screen's own part.
export function RequestPageShell({ heading, type, pathFor, actions, children }: Props) {
  const { id = '' } = useParams();
  const { details, request, loading, error, refetch } = useRequestResults(id);

  if (request && type && request.type !== type) return <Navigate to={pathFor(request.type, request.id)} replace />;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Button component={RouterLink} to="/admin/dashboard" startIcon={<ArrowBack />} size="small" sx={{ mt: 1 }}>
        Dashboard
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {heading}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 300, overflowWrap: 'anywhere' }}>
            {details?.title ?? '…'}
          </Typography>
        </Box>
        {request && actions ? actions(request) : null}
      </Box>
      {error?.code === 'NOT_FOUND' ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          This request does not exist, or it is not one of yours.
        </Alert>
      ) : error ? (
        <Box sx={{ mt: 3 }}>
          <LoadErrorAlert message={`The request could not be loaded: ${error.message}`} onRetry={refetch} />
        </Box>
      ) : null}
      {details && !error ? <HighLevelDetails details={details} /> : null}
      {details && !error ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="note">
          Participants see in their access log each time you list, download, export, approve or reject their answers,
          each download of their images, and each webhook that carries one; each also holds a signed receipt of what
          they agreed to.
        </Typography>
      ) : null}
      {request && !error ? <RetentionPart requestId={request.id} /> : null}
      {loading ? <PageLoader label="Loading the request…" /> : null}
      {request ? children(request) : null}
    </Box>
  );
}
