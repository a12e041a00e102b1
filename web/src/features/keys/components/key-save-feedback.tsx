import Alert from '@mui/material/Alert';
import { displayKeyId } from '../display-key-id';
import type { SaveKeyPairResult } from '../hooks/use-save-key-pair';

// What happened on Save, shown right under the Save button.
export function KeySaveFeedback({ result }: { result: SaveKeyPairResult | null }) {
  if (!result) return null;
  if (result.ok && result.alreadyRegistered) {
    return (
      <Alert severity="success" sx={{ mt: 2, wordBreak: 'break-word' }}>
        Key loaded. It was already on your account; its private half is now stored in this browser under id{' '}
        {displayKeyId(result.keyId)}. Nothing was sent.
      </Alert>
    );
  }
  if (result.ok) {
    return (
      <Alert severity="success" sx={{ mt: 2, wordBreak: 'break-word' }}>
        Key saved. Its private half is stored in this browser under id {displayKeyId(result.keyId)}.
      </Alert>
    );
  }
  return (
    <Alert severity={result.stage === 'browser' ? 'warning' : 'error'} sx={{ mt: 2 }}>
      {result.stage === 'server' ? `The key could not be saved: ${result.message}` : result.message}
    </Alert>
  );
}
