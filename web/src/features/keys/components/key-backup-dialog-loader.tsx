import { lazy, Suspense, useState } from 'react';
import type { KeyPairDraft } from '../key-pair-drafts';

const LoadedKeyBackupDialog = lazy(async () => ({ default: (await import('./key-backup-dialog')).KeyBackupDialog }));

type Props = { pair: KeyPairDraft | null; keyTitle: string; onClose: () => void };

// "Download backup" with its passphrase crypto (scrypt) loads when a backup is first asked for; from
// then on it stays mounted, so it keeps its closing transition.
export function KeyBackupDialog(props: Props) {
  const [wanted, setWanted] = useState(false);
  if (props.pair !== null && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedKeyBackupDialog {...props} />
    </Suspense>
  ) : null;
}
