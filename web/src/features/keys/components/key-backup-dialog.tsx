import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { createKeyBackup } from '../../../crypto/key-backup';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import { FormTextField } from '../../../shared/ui/form-text-field';
import type { KeyPairDraft } from '../key-pair-drafts';
import {
  loadStrengthChecker,
  MIN_BACKUP_SCORE,
  STRENGTH_LABELS,
  type Strength,
  type StrengthChecker,
} from '../passphrase-strength';

export const backupFileName = (keyId: string) => `parleyKey-${keyId.slice(0, 8)}.backup.json`;

const METER_COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

type Props = { pair: KeyPairDraft | null; keyTitle: string; onClose: () => void };

// "Download backup": the pair in one file, the private half encrypted under a passphrase
// (scrypt + AES-256-GCM, docs/key-backup.md). All in this browser.
export function KeyBackupDialog({ pair, keyTitle, onClose }: Props) {
  const titleId = useId();
  const meterId = useId();
  const { user } = useSessionUser();
  const [checker, setChecker] = useState<StrengthChecker | null>(null);
  const [checkerFailed, setCheckerFailed] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = pair !== null;

  useEffect(() => {
    if (!open) return;
    let current = true;
    loadStrengthChecker()
      .then((loaded) => current && setChecker(() => loaded))
      .catch(() => current && setCheckerFailed(true));
    return () => {
      current = false;
    };
  }, [open]);

  const close = () => {
    if (working) return;
    setPassphrase('');
    setRepeat('');
    setShowProblems(false);
    setError(null);
    setDone(null);
    onClose();
  };

  // rated only when the passphrase changes (about 80 ms for a long one): not again for each key
  // typed in the repeat field or each re-render
  const username = user?.username ?? '';
  const email = user?.email ?? '';
  const strength: Strength | null = useMemo(
    () => (checker && passphrase ? checker(passphrase, [username, email, keyTitle]) : null),
    [checker, passphrase, username, email, keyTitle],
  );
  const strongEnough = strength !== null && strength.score >= MIN_BACKUP_SCORE;
  const mismatch = repeat !== '' && repeat !== passphrase;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React carries events up through the portal: a form this dialog is opened from must not submit
    event.stopPropagation();
    setShowProblems(true);
    setDone(null);
    if (!pair || !strongEnough || repeat !== passphrase) return;
    setWorking(true);
    setError(null);
    try {
      const text = await createKeyBackup(pair, passphrase);
      const name = backupFileName(pair.keyId);
      downloadTextFile(name, text, 'application/json');
      setDone(name);
    } catch (failure) {
      console.error('key backup failed', failure);
      setError('The backup could not be made in this browser.');
    } finally {
      setWorking(false);
    }
  };

  const passphraseHelp = (() => {
    if (checkerFailed) return 'The strength meter could not be loaded. Reload the page to try again.';
    if (!strength) return 'Long and unusual: several words that do not belong together work well.';
    if (showProblems && !strongEnough) return `${strength.warning ?? 'Too easy to guess.'} Make it longer.`;
    return strength.warning ?? strength.suggestions[0] ?? ' ';
  })();

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} aria-label="Key backup">
        <DialogTitle id={titleId}>Download an encrypted backup</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            One file holds the key pair “{keyTitle}”, its private half encrypted under the passphrase you choose here.
            Load it in any browser with Settings → Load Key Pair → Backup file. The passphrase cannot be recovered:
            without it the backup, and every response sealed to this key, cannot be opened.
          </DialogContentText>
          <FormTextField
            label="Passphrase"
            type="password"
            required
            autoComplete="new-password"
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            error={showProblems && !strongEnough}
            helperText={passphraseHelp}
            inputProps={{ 'aria-describedby': meterId }}
          />
          <Box id={meterId} aria-live="polite" sx={{ mb: 2 }}>
            <LinearProgress
              variant="determinate"
              value={strength ? ((strength.score + 1) / STRENGTH_LABELS.length) * 100 : 0}
              color={strength ? METER_COLORS[strength.score] : 'inherit'}
              aria-label="Strength of the passphrase"
              sx={{ height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary">
              {checker
                ? `Strength: ${strength ? STRENGTH_LABELS[strength.score] : '—'}${strength && !strongEnough ? ' (a backup needs Strong or better)' : ''}`
                : checkerFailed
                  ? 'Strength: unknown'
                  : 'Loading the strength meter…'}
            </Typography>
          </Box>
          <FormTextField
            label="Repeat the passphrase"
            type="password"
            required
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            error={mismatch || (showProblems && repeat !== passphrase)}
            helperText={mismatch || (showProblems && repeat !== passphrase) ? 'The two passphrases differ' : ' '}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
          {done ? (
            <Alert severity="success">
              Backup saved as {done}. Keep it, and the passphrase, somewhere other than this computer.
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={working}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={working || !checker}
            startIcon={working ? <CircularProgress size={16} color="inherit" /> : <Download />}
          >
            Download backup
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
