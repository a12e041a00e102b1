import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

type Props = {
  // What is paged, for screen readers ("Recent Requests pages").
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
};

// The dashboard's Prev/Next pagination: Prev works only above page 1, Next only below the last page.
export function PrevNextPager({ label, page, pages, onPage }: Props) {
  const last = Math.max(1, pages);
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, pt: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 'auto' }}>
        Page {Math.min(page, last)} of {last}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ChevronLeft />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Prev
      </Button>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ChevronRight />}
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Box>
  );
}
