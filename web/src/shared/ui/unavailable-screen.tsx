import Construction from '@mui/icons-material/Construction';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

type Props = {
  title: string;
  // What the screen is for, in one or two sentences.
  purpose: string;
  backTo?: { to: string; label: string };
};

// A route whose screen is not built yet: says what it will be for and that it cannot be used now.
export function UnavailableScreen({
  title,
  purpose,
  backTo = { to: '/admin/dashboard', label: 'Back to the dashboard' },
}: Props) {
  return (
    <Card sx={{ maxWidth: 720, mx: 'auto', mt: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Construction aria-hidden color="warning" sx={{ fontSize: 36 }} />
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
        </Box>
        <Typography color="text.secondary">{purpose}</Typography>
        <Alert severity="info" sx={{ mt: 3 }}>
          This screen is not available yet in this version of Parley.
        </Alert>
        <Button component={RouterLink} to={backTo.to} variant="outlined" sx={{ mt: 3 }}>
          {backTo.label}
        </Button>
      </CardContent>
    </Card>
  );
}
