import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

// Centred spinner with a readable label (announced politely to screen readers).
export function PageLoader({ label = 'Loading…', minHeight = 240 }: { label?: string; minHeight?: number | string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'grid', placeItems: 'center', minHeight, gap: 2, textAlign: 'center' }}
    >
      <Box>
        <CircularProgress aria-hidden />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {label}
        </Typography>
      </Box>
    </Box>
  );
}
