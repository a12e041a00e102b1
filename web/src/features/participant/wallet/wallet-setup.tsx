import AddCard from '@mui/icons-material/AddCard';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Extension from '@mui/icons-material/Extension';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DiscoveredWallet } from '../../../wallet/eip1193';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import { saveWallet, type StoredWallet } from '../participant-storage';
import { checkAddress } from './address';
import { useT, type Translate } from '../i18n/i18n';
import { walletErrorText } from '../components/error-text';

type Mode = 'create' | 'paste' | 'connect';

function PasteAddress() {
  const t = useT();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const checked = checkAddress(value);
    if (!checked.ok) setProblem(checked.problem);
    else saveWallet({ kind: 'pasted', address: checked.address });
  };
  return (
    // not a <form>: this sits inside the answer form, and Enter here must not send the answer
    <Box role="group" aria-label={t('Paste an address')}>
      <TextField
        label={t('Wallet address')}
        placeholder="0x…"
        value={value}
        onChange={(e) => (setValue(e.target.value), setProblem(null))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
        error={Boolean(problem)}
        helperText={t(problem ?? 'An Ethereum address you control. Mixed case is checked against its checksum.')}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr', style: { fontFamily: 'monospace' } } }}
      />
      <Button variant="contained" onClick={save} sx={{ mt: 1.5 }}>
        {t('Use this address')}
      </Button>
    </Box>
  );
}

function ConnectWallet() {
  const t = useT();
  const [wallets, setWallets] = useState<DiscoveredWallet[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const look = async () => {
    setBusy(true);
    setError(null);
    const { discoverWallets } = await import('../../../wallet/wallet-discovery');
    const found = await discoverWallets(400);
    setWallets(found);
    setBusy(false);
  };
  const connect = async (wallet: DiscoveredWallet) => {
    setBusy(true);
    setError(null);
    try {
      const { requestAccount } = await import('../../../wallet/wallet-connection');
      const checked = checkAddress(await requestAccount(wallet.provider));
      if (!checked.ok) {
        setError(t(checked.problem));
        return;
      }
      saveWallet({ kind: 'browser', address: checked.address, walletName: wallet.info?.name ?? t('Browser wallet') });
    } catch (e) {
      setError(walletErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('Wallet extensions announce themselves to this page (EIP-6963); pick the one to be paid to.')}
      </Typography>
      {wallets === null ? (
        <Button variant="contained" onClick={() => void look()} disabled={busy} sx={{ mt: 1.5 }}>
          {t('Find my wallet')}
        </Button>
      ) : wallets.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('No wallet was found in this browser. Paste an address instead, or create a wallet here.')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, mt: 1.5 }}>
          {wallets.map((w, i) => (
            <Button
              key={w.info?.uuid ?? i}
              variant="outlined"
              disabled={busy}
              onClick={() => void connect(w)}
              startIcon={
                w.info?.icon && /^data:image\//.test(w.info.icon) ? (
                  <Box component="img" src={w.info.icon} alt="" sx={{ width: 22, height: 22 }} />
                ) : (
                  <Extension />
                )
              }
              sx={{ justifyContent: 'flex-start' }}
            >
              {w.info?.name ? t('Connect {{name}}', { name: w.info.name }) : t('Connect browser wallet')}
            </Button>
          ))}
        </Box>
      )}
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The backup file's text in the participant's language (the address, phrase and key as they are). */
export function backupText(wallet: Extract<StoredWallet, { kind: 'created' }>, t: Translate): string {
  return [
    t('Parley participant wallet backup'),
    t('Address: {{address}}', { address: wallet.address }),
    wallet.phrase ? t('Recovery phrase: {{phrase}}', { phrase: wallet.phrase }) : null,
    t('Private key: {{key}}', { key: wallet.privateKey }),
    t('Anyone with this phrase or key can spend what the wallet holds. Keep it offline.'),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Shows a created wallet's recovery phrase and key once more, until the participant says it is saved. */
export function BackupDialog({
  wallet,
  onClose,
}: {
  wallet: Extract<StoredWallet, { kind: 'created' }>;
  onClose: () => void;
}) {
  const t = useT();
  const [saved, setSaved] = useState(wallet.backedUp);
  const backup = backupText(wallet, t);
  return (
    <Dialog open onClose={onClose} aria-labelledby="backup-title" fullWidth maxWidth="xs">
      <DialogTitle id="backup-title">{t('Back up your new wallet')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t(
            "Its key is kept only in this browser. If you clear the browser's data or lose this phone, the bonuses are gone unless you saved the recovery phrase. Write it down, or download it and keep the file safe.",
          )}
        </Typography>
        {wallet.phrase ? (
          <Box
            aria-label={t('Recovery phrase')}
            dir="ltr"
            sx={{
              // as many columns as hold the longest word ("12. abstract"), with a clear gap
              // between them: three on a wide dialog, two on a phone
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(7.5em, 1fr))',
              columnGap: 2,
              rowGap: 0.75,
              p: 1.5,
              bgcolor: '#f4f2f7',
              borderRadius: 1,
              fontFamily: 'monospace',
              fontSize: '0.85rem',
            }}
          >
            {wallet.phrase.split(' ').map((word, i) => (
              <span key={i} style={{ whiteSpace: 'nowrap' }}>
                {i + 1}. {word}
              </span>
            ))}
          </Box>
        ) : null}
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => downloadTextFile(`parley-wallet-${wallet.address.slice(2, 8)}.txt`, backup)}
        >
          {t('Download backup')}
        </Button>
        <FormControlLabel
          sx={{ display: 'flex', mt: 1 }}
          control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
          label={t('I have saved my recovery phrase')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Later')}</Button>
        <Button
          variant="contained"
          disabled={!saved}
          onClick={() => {
            saveWallet({ ...wallet, backedUp: true });
            onClose();
          }}
        >
          {t('Done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CreateWallet() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const { createBrowserWallet } = await import('./create-wallet');
      saveWallet({ kind: 'created', ...(await createBrowserWallet()), backedUp: false });
    } catch {
      setError(t('The wallet could not be created in this browser.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t(
          'No wallet yet? Make one here: its key stays in this browser and never reaches Parley. You will be asked to back it up.',
        )}
      </Typography>
      <Button variant="contained" onClick={() => void create()} disabled={busy} sx={{ mt: 1.5 }}>
        {busy ? t('Creating…') : t('Create a wallet in this browser')}
      </Button>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

// Where bonuses go: paste an address, connect a browser wallet, or create one here.
export function WalletSetup() {
  const t = useT();
  const [mode, setMode] = useState<Mode>('create');
  return (
    <Box>
      <Tabs
        value={mode}
        onChange={(_, next: Mode) => setMode(next)}
        variant="fullWidth"
        aria-label={t('How to receive bonuses')}
        sx={{
          mb: 2,
          // MUI's tab is at least 90 px wide: three of them overflow a 320 px screen and cut the last
          // label; there the icon goes above its label, which gets the tab's whole width
          '& .MuiTab-root': {
            minWidth: 0,
            minHeight: 56,
            px: 0.5,
            fontSize: '0.78rem',
            lineHeight: 1.2,
            flexDirection: { xs: 'column', sm: 'row' },
          },
          '& .MuiTab-root > .MuiTab-icon': { mb: { xs: 0.25, sm: 0 }, mr: { xs: 0, sm: 1 } },
        }}
      >
        <Tab value="create" label={t('Create')} icon={<AddCard />} iconPosition="start" />
        <Tab value="paste" label={t('Paste')} icon={<ContentPaste />} iconPosition="start" />
        <Tab value="connect" label={t('Connect')} icon={<Extension />} iconPosition="start" />
      </Tabs>
      {mode === 'paste' ? <PasteAddress /> : mode === 'connect' ? <ConnectWallet /> : <CreateWallet />}
    </Box>
  );
}
