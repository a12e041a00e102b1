import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@apollo/client/react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { RequestForWizardDocument, RequestKeyChoicesDocument } from '../requests.generated';
import type { RequestKind } from '../../../gql/types';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { PageLoader } from '../../../shared/ui/page-loader';
import { RequestWizard } from '../components/request-wizard';

const isKind = (value: string | undefined): value is RequestKind => value === 'collection' || value === 'survey';

type Props = {
  // the create routes name their type; the edit route carries it as :type
  type?: RequestKind;
};

// /admin/request/{type}/new (optionally /:id to edit) and /request/{type}/edit/{id}.
export function RequestWizardPage({ type: fixedType }: Props) {
  const params = useParams();
  const type = fixedType ?? (isKind(params.type) ? params.type : null);
  const id = params.id ?? null;
  const keys = useQuery(RequestKeyChoicesDocument, { fetchPolicy: 'cache-and-network' });
  const request = useQuery(RequestForWizardDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });

  if (!type) {
    return (
      <Alert severity="error" sx={{ maxWidth: 720, mx: 'auto', mt: 2 }}>
        There is no request type “{params.type}”: requests are collections or surveys.
      </Alert>
    );
  }
  if (id && request.error) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', mt: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" component={RouterLink} to={`/admin/request/${type}/list`}>
              Back to the list
            </Button>
          }
        >
          The request could not be loaded: {toApiError(request.error).message}
        </Alert>
      </Box>
    );
  }
  const existing = request.data?.request ?? null;
  if (id && !existing) return <PageLoader label="Loading the request…" />;
  // the URL named the other type: show the request in its own wizard
  if (existing && existing.type !== type)
    return <Navigate to={`/request/${existing.type}/edit/${existing.id}`} replace />;
  return (
    <>
      {keys.error && !keys.data ? (
        <Alert severity="warning" sx={{ maxWidth: 960, mx: 'auto', mb: 2 }}>
          Your keys could not be loaded: {toApiError(keys.error).message}
        </Alert>
      ) : null}
      <RequestWizard key={existing?.id ?? type} type={type} existing={existing} keys={keys.data?.keys ?? null} />
    </>
  );
}
