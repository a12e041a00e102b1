import Groups from '@mui/icons-material/Groups';
import Timeline from '@mui/icons-material/Timeline';
import VpnKey from '@mui/icons-material/VpnKey';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const HIGHLIGHTS = [
  {
    Icon: Timeline,
    color: 'secondary.main',
    title: 'Requests and surveys',
    text: 'Ask participants for data or answers and reward each response in IPT tokens.',
  },
  {
    Icon: VpnKey,
    color: 'primary.main',
    title: 'Your keys stay with you',
    text: 'Key pairs are generated in your browser; the private half never reaches our servers.',
  },
  {
    Icon: Groups,
    color: 'info.main',
    title: 'Virtual clean rooms',
    text: 'Compare and join encrypted data sets with a partner without revealing the raw rows.',
  },
] as const;

export function RegisterHighlights() {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3 }}>
      {HIGHLIGHTS.map(({ Icon, color, title, text }) => (
        <Box component="li" key={title} sx={{ display: 'flex', gap: 2 }}>
          <Icon aria-hidden sx={{ color, fontSize: 34, mt: 0.5 }} />
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
