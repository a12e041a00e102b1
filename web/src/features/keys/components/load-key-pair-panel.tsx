import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { displayKeyId } from '../display-key-id';
import { useSaveKeyPair, type SaveKeyPairResult } from '../hooks/use-save-key-pair';
import { checkLoadedKeyPair, isPemFileName, KeyFileError, type KeyPairDraft } from '../key-pair-drafts';
import { KeySaveFeedback } from './key-save-feedback';
import { PemFilePicker } from './pem-file-picker';

type LoadedFile = { name: string; text: string | null; error: string | null };
type Check = { status: 'idle' } | { status: 'checking' } | { status: 'ok'; draft: KeyPairDraft } | { status: 'failed'; field: KeyFileError['field']; message: string };

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

  // Checked as soon as both files are in, so a wrong file shows before anything is saved.
  useEffect(() => {
    if (!publicFile?.text || !privateFile?.text) {
      setCheck({ status: 'idle' });
      return;
    }
    let current = true;
    setCheck({ status: 'checking' });
    checkLoadedKeyPair(publicFile.text, privateFile.text)
      .then((draft) => current && setCheck({ status: 'ok', draft }))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof KeyFileError) setCheck({ status: 'failed', field: error.field, message: error.message });
        else setCheck({ status: 'failed', field: 'pair', message: 'The key files could not be checked.' });
      });
    return () => {
      current = false;
    };
  }, [publicFile, privateFile]);

  const pick = (setter: (file: LoadedFile) => void) => async (file: File) => {
    setResult(null);
    setter(await readPem(file));
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
      setTitle('');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Load key pair">
      <Typography variant="body2" color="text.secondary">
        Load a pair you created before: the public and the private key as .pem files. The private key stays in this browser.
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
        <PemFilePicker label="Public key file (.pem)" fileName={publicFile?.name ?? null} error={fileError('publicKey', publicFile)} onPick={pick(setPublicFile)} />
        <PemFilePicker label="Private key file (.pem)" fileName={privateFile?.name ?? null} error={fileError('privateKey', privateFile)} onPick={pick(setPrivateFile)} />
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
        <Button type="submit" variant="contained" disabled={check.status !== 'ok' || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <Save />}>
          Save key
        </Button>
      </Box>
      <KeySaveFeedback result={result} />
    </Box>
  );
}
