import Facebook from '@mui/icons-material/Facebook';
import SportsBasketball from '@mui/icons-material/SportsBasketball';
import Twitter from '@mui/icons-material/Twitter';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';

const NETWORKS = [
  { name: 'Twitter', Icon: Twitter, color: '#55acee' },
  { name: 'Dribbble', Icon: SportsBasketball, color: '#ea4c89' },
  { name: 'Facebook', Icon: Facebook, color: '#3b5998' },
] as const;

// Shown as in the template; social sign-up is not offered, so the buttons say so and do nothing.
export function SocialSignUp() {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1.5 }}>
        {NETWORKS.map(({ name, Icon, color }) => (
          <IconButton
            key={name}
            title={`Signing up with ${name} is not available`}
            aria-label={`Sign up with ${name} (not available)`}
            aria-disabled
            onClick={(event) => event.preventDefault()}
            sx={{ bgcolor: color, color: '#fff', '&:hover': { bgcolor: color, opacity: 0.9 } }}
          >
            <Icon />
          </IconButton>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        or be classical
      </Typography>
    </Box>
  );
}
