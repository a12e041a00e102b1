import Box from '@mui/material/Box';

// A long identifier (a member id, an address) shown as its first and last characters, the whole
// value in the tooltip and for screen readers: in full it would take a table's width (42 monospace
// characters are ~320 px) from the columns people read.
export function ShortId({ value, keep = 8 }: { value: string; keep?: number }) {
  const short = value.length > keep * 2 + 2 ? `${value.slice(0, keep)}…${value.slice(-keep + 2)}` : value;
  return (
    <Box component="code" title={value} aria-label={value} sx={{ fontSize: '0.8rem', whiteSpace: 'nowrap' }}>
      {short}
    </Box>
  );
}
