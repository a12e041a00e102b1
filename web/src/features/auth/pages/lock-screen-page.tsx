import Person from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grow from '@mui/material/Grow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormTextField } from '../../../shared/ui/form-text-field';

// Spec s.2 and s.9: the card appears after 700 ms.
export const LOCK_CARD_DELAY_MS = 700;

// Static demo of a locked session: nothing here talks to the server.
export function LockScreenPage() {
  const [shown, setShown] = useState(false);
  const [password, setPassword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOCK_CARD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Grow in={shown} timeout={400}>
      <Card
        sx={{ width: '100%', maxWidth: 320, textAlign: 'center', mt: 6, visibility: shown ? 'visible' : 'hidden' }}
        aria-hidden={!shown}
      >
        <Avatar sx={{ width: 96, height: 96, mx: 'auto', mt: -6, bgcolor: 'primary.main', boxShadow: 6 }}>
          <Person aria-hidden sx={{ fontSize: 56 }} />
        </Avatar>
        <CardContent>
          <Typography variant="h6" component="h1">
            Session locked
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} sx={{ mt: 1 }}>
            <FormTextField
              id="lock-password"
              label="Enter Password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button type="submit" variant="contained" color="secondary" sx={{ mt: 2, borderRadius: 8, px: 4 }}>
              Unlock
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Grow>
  );
}
