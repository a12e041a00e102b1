import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Backup from '@mui/icons-material/Backup';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { KEY_FILE_NAMES } from '../../../crypto/keys';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { displayKeyId } from '../display-key-id';
import { useSaveKeyPair, type SaveKeyPairResult } from '../hooks/use-save-key-pair';
import { createKeyPairDraft, type KeyPairDraft } from '../key-pair-drafts';
import { KeyBackupDialog } from './key-backup-dialog-loader';
import { KeyFilePreview } from './key-file-preview';
import { KeySaveFeedback } from './key-save-feedback';

// "Generate Key Pair" tab: a fresh ECDH P-256 pair made in this browser, previewed as PEM files.
export function GenerateKeyPairPanel() {
  const [draft, setDraft] = useState<KeyPairDraft | null>(null);
  const [generating, setGenerating] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [publicName, setPublicName] = useState<string>(KEY_FILE_NAMES.publicKey);
  const [privateName, setPrivateName] = useState<string>(KEY_FILE_NAMES.privateKey);
  const [result, setResult] = useState<SaveKeyPairResult | null>(null);
  const [backingUp, setBackingUp] = useState(false);
  const { save, saving } = useSaveKeyPair();

  const generate = async () => {
    setGenerating(true);
    setGenerateError(null);
    setResult(null);
    try {
      setDraft(await createKeyPairDraft());
    } catch (error) {
      console.error('key generation failed', error);
      setGenerateError('This browser could not generate a P-256 key pair.');
    } finally {
      setGenerating(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Give the key a title');
      return;
    }
    setTitleError(null);
    if (!draft) return;
    const outcome = await save(title, draft);
    setResult(outcome);
    if (!outcome.ok && outcome.stage === 'server' && outcome.fields.title) setTitleError(outcome.fields.title);
    if (outcome.ok) {
      setDraft(null);
      setTitle('');
    }
  };

  return (
    <>
      <Box component="form" noValidate onSubmit={submit} aria-label="Generate key pair">
        <Typography variant="body2" color="text.secondary">
          The pair is created in this browser. Only the public key is sent to the server; the private key is kept in
          this browser&apos;s storage. Download both files and keep the private key somewhere safe.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', mt: 2 }}>
          <FormTextField
            label="Key title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(titleError)}
            helperText={titleError ?? ' '}
            sx={{ flex: '1 1 240px' }}
          />
          <Button
            variant="outlined"
            color="primary"
            onClick={() => void generate()}
            disabled={generating || saving}
            startIcon={generating ? <CircularProgress size={16} /> : <AutoAwesome />}
            sx={{ mb: 2.5 }}
          >
            {draft ? 'Generate another pair' : 'Generate key pair'}
          </Button>
        </Box>
        {generateError ? <Alert severity="error">{generateError}</Alert> : null}
        {draft ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
              <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
                Key id:{' '}
                <Box component="code" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
                  {displayKeyId(draft.keyId)}
                </Box>
              </Typography>
              <Button variant="outlined" size="small" startIcon={<Backup />} onClick={() => setBackingUp(true)}>
                Download backup
              </Button>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
              <KeyFilePreview
                label="Public key"
                fileName={publicName}
                onFileNameChange={setPublicName}
                pem={draft.publicKeyPem}
                defaultFileName={KEY_FILE_NAMES.publicKey}
              />
              <KeyFilePreview
                label="Private key"
                fileName={privateName}
                onFileNameChange={setPrivateName}
                pem={draft.privateKeyPem}
                defaultFileName={KEY_FILE_NAMES.privateKey}
              />
            </Box>
          </>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!draft || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <Save />}
          >
            Save key
          </Button>
        </Box>
        <KeySaveFeedback result={result} />
      </Box>
      <KeyBackupDialog
        pair={backingUp ? draft : null}
        keyTitle={title.trim() || 'new key'}
        onClose={() => setBackingUp(false)}
      />
    </>
  );
}
