import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { displayKeyId } from '../display-key-id';
import { useSaveKeyPair, type SaveKeyPairResult } from '../hooks/use-save-key-pair';
import { checkLoadedKeyPair, isPemFileName, KeyFileError, type KeyPairDraft } from '../key-pair-drafts';
import { KeySaveFeedback } from './key-save-feedback';
import { PemFilePicker } from './pem-file-picker';

type LoadedFile = { name: string; text: string | null; error: string | null };
type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'ok'; draft: KeyPairDraft }
  | { status: 'failed'; field: KeyFileError['field']; message: string };

async function readPem(file: File): Promise<LoadedFile> {
  if (!isPemFileName(file.name)) return { name: file.name, text: null, error: `${file.name} is not a .pem file.` };
  try {
    return { name: file.name, text: await file.text(), error: null };
  } catch {
    return { name: file.name, text: null, error: `${file.name} could not be read.` };
  }
}

// "Load Key Pair" tab: an existing pair from two .pem files, checked to belong together.
export function LoadKeyPairPanel() {
  const [publicFile, setPublicFile] = useState<LoadedFile | null>(null);
  const [privateFile, setPrivateFile] = useState<LoadedFile | null>(null);
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [result, setResult] = useState<SaveKeyPairResult | null>(null);
  const { save, saving } = useSaveKeyPair();

  // Checked as soon as both files are in, so a wrong file shows before anything is saved. A newer
  // pick supersedes a check still running.
  const checkRun = useRef(0);
  const runCheck = (pub: LoadedFile | null, priv: LoadedFile | null) => {
    const run = ++checkRun.current;
    if (!pub?.text || !priv?.text) {
      setCheck({ status: 'idle' });
      return;
    }
    setCheck({ status: 'checking' });
    checkLoadedKeyPair(pub.text, priv.text)
      .then((draft) => run === checkRun.current && setCheck({ status: 'ok', draft }))
      .catch((error: unknown) => {
        if (run !== checkRun.current) return;
        if (error instanceof KeyFileError) setCheck({ status: 'failed', field: error.field, message: error.message });
        else setCheck({ status: 'failed', field: 'pair', message: 'The key files could not be checked.' });
      });
  };

  const pick = async (side: 'public' | 'private', file: File) => {
    setResult(null);
    const loaded = await readPem(file);
    if (side === 'public') {
      setPublicFile(loaded);
      runCheck(loaded, privateFile);
    } else {
      setPrivateFile(loaded);
      runCheck(publicFile, loaded);
    }
  };

  const fileError = (field: 'publicKey' | 'privateKey', loaded: LoadedFile | null) =>
    loaded?.error ?? (check.status === 'failed' && check.field === field ? check.message : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Give the key a title');
      return;
    }
    setTitleError(null);
    if (check.status !== 'ok') return;
    const outcome = await save(title, check.draft);
    setResult(outcome);
    if (!outcome.ok && outcome.stage === 'server' && outcome.fields.title) setTitleError(outcome.fields.title);
    if (outcome.ok) {
      setPublicFile(null);
      setPrivateFile(null);
      runCheck(null, null);
      setTitle('');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Load key pair">
      <Typography variant="body2" color="text.secondary">
        Load a pair you created before: the public and the private key as .pem files. The private key stays in this
        browser.
      </Typography>
      <FormTextField
        label="Key title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(titleError)}
        helperText={titleError ?? ' '}
        sx={{ mt: 2, maxWidth: 480 }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <PemFilePicker
          label="Public key file (.pem)"
          fileName={publicFile?.name ?? null}
          error={fileError('publicKey', publicFile)}
          onPick={(file) => pick('public', file)}
        />
        <PemFilePicker
          label="Private key file (.pem)"
          fileName={privateFile?.name ?? null}
          error={fileError('privateKey', privateFile)}
          onPick={(file) => pick('private', file)}
        />
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {check.status === 'checking' ? <Alert severity="info">Checking the key files…</Alert> : null}
        {check.status === 'failed' && check.field === 'pair' ? <Alert severity="error">{check.message}</Alert> : null}
        {check.status === 'ok' ? (
          <Alert severity="success">
            The files belong together. Key id: <code>{displayKeyId(check.draft.keyId)}</code>
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
          Save key
        </Button>
      </Box>
      <KeySaveFeedback result={result} />
    </Box>
  );
}
