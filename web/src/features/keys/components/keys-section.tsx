import VpnKey from '@mui/icons-material/VpnKey';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { LOAD_KEY_PAIR_PATH } from '../../../shared/settings-paths';
import { IconCard } from '../../../shared/ui/icon-card';
import { PageLoader } from '../../../shared/ui/page-loader';
import { GenerateKeyPairPanel } from './generate-key-pair-panel';
import { KeysTable } from './keys-table';
import { PageTabs } from '../../../shared/ui/page-tabs';

// The Load tab (file reading, backup decryption) loads right after the page: it starts hidden.
const LoadKeyPairPanel = lazy(async () => ({ default: (await import('./load-key-pair-panel')).LoadKeyPairPanel }));

const TABS = [
  { id: 'generate', label: 'Generate Key Pair' },
  { id: 'load', label: 'Load Key Pair' },
] as const;

// Every "load your key" prompt links here (LOAD_KEY_PAIR_PATH): the Load tab, scrolled into view.
const LOAD_KEY_PAIR_HASH = LOAD_KEY_PAIR_PATH.split('#')[1];

type TabId = (typeof TABS)[number]['id'];
const tabOfHash = (hash: string): TabId | null => (hash === `#${LOAD_KEY_PAIR_HASH}` ? 'load' : null);

// Settings' key management: the table of public keys and the two ways to add a pair.
export function KeysSection() {
  const { hash } = useLocation();
  const [tab, setTab] = useState<TabId>(() => tabOfHash(hash) ?? 'generate');
  // a prompt followed while Settings is already open (state adjusted during render, not in an effect)
  const [seenHash, setSeenHash] = useState(hash);
  if (hash !== seenHash) {
    setSeenHash(hash);
    const fromHash = tabOfHash(hash);
    if (fromHash) setTab(fromHash);
  }
  return (
    <>
      <IconCard
        icon={VpnKey}
        color="green"
        title="Available Keys"
        subtitle="Public keys on your account; the private halves stay in your browser"
        id="available-keys"
      >
        <KeysTable />
      </IconCard>
      <Box id={LOAD_KEY_PAIR_HASH} sx={{ scrollMarginTop: 88 }} />
      <IconCard icon={VpnKey} color="blue" title="Add a key pair" id="add-key-pair">
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <PageTabs value={tab} onChange={setTab} label="Add a key pair">
            {TABS.map(({ id, label }) => (
              <Tab key={id} value={id} label={label} id={`key-tab-${id}`} aria-controls={`key-panel-${id}`} />
            ))}
          </PageTabs>
        </Box>
        {TABS.map(({ id }) => (
          <Box key={id} role="tabpanel" id={`key-panel-${id}`} aria-labelledby={`key-tab-${id}`} hidden={tab !== id}>
            {/* both stay mounted, so an unsaved pair survives a look at the other tab */}
            {id === 'generate' ? (
              <GenerateKeyPairPanel />
            ) : (
              <Suspense fallback={<PageLoader label="Loading the key pair form…" minHeight={160} />}>
                <LoadKeyPairPanel />
              </Suspense>
            )}
          </Box>
        ))}
      </IconCard>
    </>
  );
}
