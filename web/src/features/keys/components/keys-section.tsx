import VpnKey from '@mui/icons-material/VpnKey';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { IconCard } from '../../../shared/ui/icon-card';
import { GenerateKeyPairPanel } from './generate-key-pair-panel';
import { KeysTable } from './keys-table';
import { LoadKeyPairPanel } from './load-key-pair-panel';

const TABS = [
  { id: 'generate', label: 'Generate Key Pair' },
  { id: 'load', label: 'Load Key Pair' },
] as const;

// Settings' key management: the table of public keys and the two ways to add a pair.
export function KeysSection() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('generate');
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
      <IconCard icon={VpnKey} color="blue" title="Add a key pair" id="add-key-pair">
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_event, value: (typeof TABS)[number]['id']) => setTab(value)}
            aria-label="Add a key pair"
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {TABS.map(({ id, label }) => (
              <Tab key={id} value={id} label={label} id={`key-tab-${id}`} aria-controls={`key-panel-${id}`} />
            ))}
          </Tabs>
        </Box>
        {TABS.map(({ id }) => (
          <Box key={id} role="tabpanel" id={`key-panel-${id}`} aria-labelledby={`key-tab-${id}`} hidden={tab !== id}>
            {/* both stay mounted, so an unsaved pair survives a look at the other tab */}
            {id === 'generate' ? <GenerateKeyPairPanel /> : <LoadKeyPairPanel />}
          </Box>
        ))}
      </IconCard>
    </>
  );
}
