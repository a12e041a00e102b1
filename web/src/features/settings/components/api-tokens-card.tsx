import Api from '@mui/icons-material/Api';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ApiTokensDocument, RevokeApiTokenDocument, type ApiTokensCard_TokenFragment } from '../api-tokens.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { MessageDialog } from '../../../shared/ui/message-dialog';
import { CreateApiTokenForm } from './create-api-token-form';

// Settings' personal API tokens (for integrators calling /graphql): what exists, when it was last
// used, and a way to revoke each. A password change revokes them all (the profile form says so).
export function ApiTokensCard() {
  const { data, loading, error, refetch } = useQuery(ApiTokensDocument);
  const [pending, setPending] = useState<ApiTokensCard_TokenFragment | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [revokeToken, { loading: revoking }] = useMutation(RevokeApiTokenDocument, {
    refetchQueries: [ApiTokensDocument],
    awaitRefetchQueries: true,
  });
  const tokens = data?.apiTokens ?? [];

  const confirmRevoke = async () => {
    if (!pending) return;
    setRevokeError(null);
    try {
      await revokeToken({ variables: { id: pending.id } });
      setPending(null);
    } catch (failure) {
      setRevokeError(toApiError(failure).message);
    }
  };

  return (
    <IconCard
      icon={Api}
      color="orange"
      title="API Tokens"
      subtitle="Personal tokens for integrations: send one as “Authorization: Bearer …” to /graphql"
      id="api-tokens"
    >
      <CreateApiTokenForm />
      {error && !data ? (
        <LoadErrorAlert message="Your API tokens could not be loaded." onRetry={() => void refetch()} />
      ) : !loading && tokens.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          No API tokens yet.
        </Typography>
      ) : (
        <TableContainer sx={{ mt: 2 }}>
          <Table aria-label="API Tokens" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell align="right">Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loading && !data ? (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ) : (
                tokens.map((token) => (
                  <TableRow key={token.id} hover>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {token.name}
                      </Typography>
                      <Typography variant="caption" component="code" color="text.secondary">
                        {token.prefix}…
                      </Typography>
                    </TableCell>
                    <TableCell>{formatDateTime(token.createdAt)}</TableCell>
                    <TableCell>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</TableCell>
                    <TableCell align="right">
                      {token.revokedAt ? (
                        <Chip size="small" variant="outlined" label={`Revoked ${formatDateTime(token.revokedAt)}`} />
                      ) : (
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Revoke token ${token.name}`}
                          onClick={() => setPending(token)}
                        >
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <MessageDialog
        open={pending !== null}
        severity="warning"
        title="Revoke this token?"
        message={<>Integrations using “{pending?.name}” stop working at once. This cannot be undone.</>}
        confirmLabel="Cancel"
        onConfirm={() => {
          if (revoking) return;
          setPending(null);
          setRevokeError(null);
        }}
        actions={
          <Button color="error" variant="contained" disabled={revoking} onClick={() => void confirmRevoke()}>
            Revoke
          </Button>
        }
      >
        {revokeError ? (
          <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }}>
            {revokeError}
          </Alert>
        ) : null}
      </MessageDialog>
    </IconCard>
  );
}
