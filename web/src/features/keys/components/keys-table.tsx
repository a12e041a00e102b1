import Backup from '@mui/icons-material/Backup';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VpnKeyOff from '@mui/icons-material/VpnKeyOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
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
import { loadPrivateKey, removePrivateKey } from '../../../crypto/key-storage';
import { isKeyId } from '../../../crypto/keys';
import { DeleteKeyDocument, KeysDocument, type KeysTable_KeyFragment } from '../keys.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { formatDateAndTime } from '../../../shared/ui/format-date';
import { displayKeyId } from '../display-key-id';
import { notifyPrivateKeysChanged, usePrivateKeysVersion } from '../private-keys-changed';
import { draftFromPrivateKey, type KeyPairDraft } from '../key-pair-drafts';
import { DeleteKeyDialog } from './delete-key-dialog';
import { KeyBackupDialog } from './key-backup-dialog-loader';
import { Hint } from '../../../shared/ui/hint';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';

// Wraps on phones instead of widening the table.
const CHIP_SX = {
  mt: 0.5,
  height: 'auto',
  maxWidth: '100%',
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
} as const;

function hasPrivateKey(id: string): boolean {
  try {
    return isKeyId(id) && loadPrivateKey(id) !== null;
  } catch {
    return false;
  }
}

// "Available Keys": Title (with the id as hex pairs), Created, Action (Delete).
export function KeysTable() {
  const phone = useIsPhone();
  const { data, loading, error, refetch } = useQuery(KeysDocument);
  const [pending, setPending] = useState<KeysTable_KeyFragment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteKey, { loading: deleting }] = useMutation(DeleteKeyDocument);
  const [backup, setBackup] = useState<{ title: string; pair: KeyPairDraft } | null>(null);
  const [backupError, setBackupError] = useState<string | null>(null);
  const keys = data?.keys ?? [];
  // redraws the "Private key in this browser" chips when a half is stored or removed
  usePrivateKeysVersion();

  const startBackup = async (key: KeysTable_KeyFragment) => {
    setBackupError(null);
    const pem = isKeyId(key.id) ? loadPrivateKey(key.id) : null;
    try {
      if (!pem) throw new Error('no private key');
      setBackup({ title: key.title, pair: await draftFromPrivateKey(pem) });
    } catch {
      setBackupError(`The private key of “${key.title}” in this browser could not be read.`);
    }
  };

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleteError(null);
    try {
      await deleteKey({
        variables: { id: pending.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Key', id: pending.id }) });
          cache.gc();
        },
      });
      if (isKeyId(pending.id)) removePrivateKey(pending.id);
      notifyPrivateKeysChanged();
      setPending(null);
    } catch (failure) {
      setDeleteError(toApiError(failure).message);
    }
  };

  if (error && !data) {
    return <LoadErrorAlert severity="error" message="Your keys could not be loaded." onRetry={() => void refetch()} />;
  }
  if (!loading && keys.length === 0) {
    return (
      <EmptyState icon={VpnKeyOff} title="No keys yet">
        Generate a key pair, or load one from its key files or a backup, below.
      </EmptyState>
    );
  }
  return (
    <>
      <TableContainer>
        <Table aria-label="Available Keys" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Title</TableCell>
              {phone ? null : <TableCell>Created</TableCell>}
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !data
              ? [0, 1].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={phone ? 2 : 3}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : keys.map((key) => (
                  <TableRow key={key.id} hover>
                    <TableCell sx={{ maxWidth: 420, minWidth: phone ? 0 : 140 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {key.title}
                      </Typography>
                      <Box
                        component="code"
                        sx={{ display: 'block', fontSize: '0.72rem', color: 'text.secondary', wordBreak: 'break-all' }}
                      >
                        {displayKeyId(key.id)}
                      </Box>
                      {hasPrivateKey(key.id) ? (
                        <Chip
                          label="Private key in this browser"
                          size="small"
                          color="success"
                          variant="outlined"
                          sx={CHIP_SX}
                        />
                      ) : (
                        <Chip label="Private key not in this browser" size="small" variant="outlined" sx={CHIP_SX} />
                      )}
                      {phone ? (
                        // on a phone the date goes under the title: three columns leave the actions no room
                        <Box sx={{ color: 'text.secondary', fontSize: '0.8rem', mt: 0.5 }}>
                          Created {formatDateAndTime(key.createdAt).date}, {formatDateAndTime(key.createdAt).time}
                        </Box>
                      ) : null}
                    </TableCell>
                    {phone ? null : (
                      <TableCell>
                        <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                          {formatDateAndTime(key.createdAt).date}
                        </Box>
                        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
                          {formatDateAndTime(key.createdAt).time}
                        </Box>
                      </TableCell>
                    )}
                    <TableCell align="right" sx={{ pl: 0, whiteSpace: 'nowrap' }}>
                      {hasPrivateKey(key.id) ? (
                        <Hint title="Download backup">
                          <IconButton aria-label={`Back up key ${key.title}`} onClick={() => void startBackup(key)}>
                            <Backup />
                          </IconButton>
                        </Hint>
                      ) : null}
                      <Hint title="Delete">
                        <IconButton
                          aria-label={`Delete key ${key.title}`}
                          color="error"
                          onClick={() => setPending(key)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </Hint>
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {backupError ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setBackupError(null)}>
          {backupError}
        </Alert>
      ) : null}
      <KeyBackupDialog pair={backup?.pair ?? null} keyTitle={backup?.title ?? ''} onClose={() => setBackup(null)} />
      <DeleteKeyDialog
        keyTitle={pending?.title ?? null}
        deleting={deleting}
        error={deleteError}
        onCancel={() => {
          setPending(null);
          setDeleteError(null);
        }}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
