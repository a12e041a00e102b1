import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';

// A long value (an address, a hash) that breaks anywhere instead of running past its container,
// with a button that copies it whole: on a phone it cannot be selected from a wrapped line easily.
export function CopyableValue({ value, label }: { value: string; label: string }) {
  const [copied, copy] = useCopy(value);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Box component="code" sx={{ overflowWrap: 'anywhere', fontSize: '0.85em', minWidth: 0 }}>
        {value}
      </Box>
      <IconButton size="small" aria-label={copied ? `${label} copied` : `Copy ${label}`} onClick={() => void copy()}>
        <ContentCopy fontSize="inherit" />
      </IconButton>
    </Box>
  );
}

/** Copies `value` to the clipboard: whether it was, and the function that does it. */
export function useCopy(value: string): [boolean, () => Promise<void>] {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return [copied, copy];
}
