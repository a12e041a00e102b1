import LockOpen from '@mui/icons-material/LockOpen';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { isCryptoError } from '../../../crypto/errors';
import { classifyKeyFile, openKeyBackup } from '../../../crypto/key-backup';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { displayKeyId } from '../display-key-id';
import { useSaveKeyPair, type RegisteredKey, type SaveKeyPairResult } from '../hooks/use-save-key-pair';
import { checkLoadedKeyPair, KeyFileError, type KeyPairDraft } from '../key-pair-drafts';
import { KeySaveFeedback } from './key-save-feedback';
import { PemFilePicker } from './pem-file-picker';

type Source = 'files' | 'backup';
type LoadedFile = { name: string; text: string | null; error: string | null };
type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'ok'; draft: KeyPairDraft; registered: RegisteredKey | null }
  | { status: 'failed'; field: KeyFileError['field'] | 'backup' | 'passphrase'; message: string };

// Files are judged by what they hold, whatever they are called (publicKey.txt, key.pem, ...).
async function readKeyFile(file: File): Promise<LoadedFile> {
  try {
    return { name: file.name, text: await file.text(), error: null };
  } catch {
    return { name: file.name, text: null, error: `${file.name} could not be read.` };
  }
}

const NOT_A_KEY = (name: string) =>
  `${name} holds no key: expected a file beginning with -----BEGIN PUBLIC KEY----- or -----BEGIN PRIVATE KEY-----, or a Parley key backup.`;

// "Load Key Pair" tab: an existing pair from its two key files, or from an encrypted backup. A pair
// this account registered already is only stored in this browser; a new one is saved as a key.
export function LoadKeyPairPanel() {
  const [source, setSource] = useState<Source>('files');
  const [publicFile, setPublicFile] = useState<LoadedFile | null>(null);
  const [privateFile, setPrivateFile] = useState<LoadedFile | null>(null);
  const [backupFile, setBackupFile] = useState<LoadedFile | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [result, setResult] = useState<SaveKeyPairResult | null>(null);
  const { storeLoaded, findRegistered, saving } = useSaveKeyPair();

  // A newer pick supersedes a check still running.
  const checkRun = useRef(0);
  const runCheck = (work: (() => Promise<KeyPairDraft>) | null) => {
    const run = ++checkRun.current;
    if (!work) {
      setCheck({ status: 'idle' });
      return;
    }
    setCheck({ status: 'checking' });
    work()
      .then(async (draft) => {
        const registered = await findRegistered(draft.keyId);
        if (run === checkRun.current) setCheck({ status: 'ok', draft, registered });
      })
      .catch((error: unknown) => {
        if (run !== checkRun.current) return;
        if (error instanceof KeyFileError) setCheck({ status: 'failed', field: error.field, message: error.message });
        else if (isCryptoError(error, 'BACKUP_OPEN_FAILED'))
          setCheck({
            status: 'failed',
            field: 'passphrase',
            message: 'The passphrase is wrong, or the backup file is damaged.',
          });
        else if (isCryptoError(error))
          setCheck({ status: 'failed', field: 'backup', message: 'This file is not a Parley key backup.' });
        else setCheck({ status: 'failed', field: 'pair', message: 'The key files could not be checked.' });
      });
  };

  const checkFiles = (pub: LoadedFile | null, priv: LoadedFile | null) =>
    runCheck(pub?.text && priv?.text ? () => checkLoadedKeyPair(pub.text!, priv.text!) : null);

  const switchSource = (next: Source) => {
    setSource(next);
    setResult(null);
    if (next === 'files') checkFiles(publicFile, privateFile);
    else runCheck(null);
  };

  const pick = async (side: 'public' | 'private' | 'backup', file: File) => {
    setResult(null);
    const loaded = await readKeyFile(file);
    const kind = loaded.text === null ? 'unknown' : classifyKeyFile(loaded.text);
    if (loaded.text !== null && kind === 'unknown') loaded.error = NOT_A_KEY(file.name);
    // a backup chosen as a key file: it is loaded as the backup it is
    if (kind === 'backup' || side === 'backup') {
      if (kind !== 'backup' && loaded.text !== null && !loaded.error)
        loaded.error = `${file.name} is a key file, not a backup: choose “Key files” above.`;
      setBackupFile(loaded);
      setSource('backup');
      runCheck(null);
      return;
    }
    if (side === 'public') {
      setPublicFile(loaded);
      checkFiles(loaded, privateFile);
    } else {
      setPrivateFile(loaded);
      checkFiles(publicFile, loaded);
    }
  };

  const unlock = () => {
    if (!backupFile?.text || backupFile.error) return;
    if (!passphrase) {
      setCheck({ status: 'failed', field: 'passphrase', message: 'Enter the passphrase of this backup.' });
      return;
    }
    const text = backupFile.text;
    runCheck(() => openKeyBackup(text, passphrase));
  };

  const fileError = (field: 'publicKey' | 'privateKey' | 'backup', loaded: LoadedFile | null) =>
    loaded?.error ?? (check.status === 'failed' && check.field === field ? check.message : null);

  const registered = check.status === 'ok' ? check.registered : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (source === 'backup' && check.status !== 'ok') {
      unlock();
      return;
    }
    if (!registered && !title.trim()) {
      setTitleError('Give the key a title');
      return;
    }
    setTitleError(null);
    if (check.status !== 'ok') return;
    const outcome = await storeLoaded(title, check.draft, check.registered);
    setResult(outcome);
    if (!outcome.ok && outcome.stage === 'server' && outcome.fields.title) setTitleError(outcome.fields.title);
    if (outcome.ok) {
      setPublicFile(null);
      setPrivateFile(null);
      setBackupFile(null);
      setPassphrase('');
      runCheck(null);
      setTitle('');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Load key pair">
      <Typography variant="body2" color="text.secondary">
        Load a pair you made before, from its two key files (such as publicKey.txt and privateKey.txt) or from an
        encrypted backup file. The private key stays in this browser: a pair already on your account is only stored
        here, and nothing is sent.
      </Typography>
      <ToggleButtonGroup
        value={source}
        exclusive
        size="small"
        color="primary"
        onChange={(_event, next: Source | null) => next && switchSource(next)}
        aria-label="Load from"
        sx={{ mt: 2, mb: 2, display: 'flex', width: 'fit-content' }}
      >
        <ToggleButton value="files">Key files</ToggleButton>
        <ToggleButton value="backup">Backup file</ToggleButton>
      </ToggleButtonGroup>
      {source === 'files' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <PemFilePicker
            label="Public key file"
            help="publicKey.txt or a .pem file with -----BEGIN PUBLIC KEY-----"
            fileName={publicFile?.name ?? null}
            error={fileError('publicKey', publicFile)}
            onPick={(file) => pick('public', file)}
          />
          <PemFilePicker
            label="Private key file"
            help="privateKey.txt or a .pem file with -----BEGIN PRIVATE KEY-----"
            fileName={privateFile?.name ?? null}
            error={fileError('privateKey', privateFile)}
            onPick={(file) => pick('private', file)}
          />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
          <PemFilePicker
            label="Backup file"
            help="The .backup.json file from Download backup"
            fileName={backupFile?.name ?? null}
            error={fileError('backup', backupFile)}
            onPick={(file) => pick('backup', file)}
          />
          <Box>
            <FormTextField
              label="Backup passphrase"
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={(event) => {
                setPassphrase(event.target.value);
                if (check.status !== 'idle' && check.status !== 'checking') runCheck(null);
              }}
              error={check.status === 'failed' && check.field === 'passphrase'}
              helperText={check.status === 'failed' && check.field === 'passphrase' ? check.message : ' '}
            />
            <Button
              variant="outlined"
              startIcon={check.status === 'checking' ? <CircularProgress size={16} /> : <LockOpen />}
              onClick={unlock}
              disabled={!backupFile?.text || Boolean(backupFile.error) || check.status === 'checking'}
            >
              Unlock backup
            </Button>
          </Box>
        </Box>
      )}
      {registered ? null : (
        <FormTextField
          label="Key title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(titleError)}
          helperText={titleError ?? 'The name this key gets on your account'}
          sx={{ mt: 2, maxWidth: 480, display: 'flex' }}
        />
      )}
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {check.status === 'checking' ? (
          <Alert severity="info">{source === 'backup' ? 'Unlocking the backup…' : 'Checking the key files…'}</Alert>
        ) : null}
        {check.status === 'failed' && check.field === 'pair' ? <Alert severity="error">{check.message}</Alert> : null}
        {check.status === 'ok' ? (
          <Alert severity="success" sx={{ wordBreak: 'break-word' }}>
            {source === 'backup' ? 'The backup opened.' : 'The files belong together.'} Key id:{' '}
            <code>{displayKeyId(check.draft.keyId)}</code>
            {registered
              ? `. This key is already on your account as “${registered.title}”: Save stores its private half in this browser.`
              : null}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={check.status !== 'ok' || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <Save />}
        >
          {registered ? 'Save in this browser' : 'Save key'}
        </Button>
      </Box>
      <KeySaveFeedback result={result} />
    </Box>
  );
}
