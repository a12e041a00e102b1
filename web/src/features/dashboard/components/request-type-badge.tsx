import Chip from '@mui/material/Chip';

// The type badge of a request row: Survey or Collection.
export function RequestTypeBadge({ type, label }: { type: 'collection' | 'survey'; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      color={type === 'survey' ? 'info' : 'secondary'}
      sx={{ fontWeight: 500, letterSpacing: 0.2 }}
    />
  );
}
