import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ChooseRoomKeyDocument, type RoomKeyChoicesQuery } from '../rooms.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { hasPrivateKey } from '../hooks/use-room-keys';
import { keyLabel } from './key-label';

type Props = { roomId: string; keys: RoomKeyChoicesQuery['keys']; onChosen: () => void };

// A guest enters the room by choosing one of their keys; the owner then seals the room key to it.
export function ChooseKeyForm({ roomId, keys, onChosen }: Props) {
  const usable = keys.filter((key) => hasPrivateKey(key.id));
  const [keyId, setKeyId] = useState(usable[0]?.id ?? keys[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [choose, { loading }] = useMutation(ChooseRoomKeyDocument);

  const submit = async () => {
    if (!keyId) return setError('Please choose a key');
    setError(null);
    try {
      await choose({ variables: { input: { roomId, publicKeyId: keyId } } });
      onChosen();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  };

  return (
    <Box
      component="form"
      aria-label="Choose your key"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
    >
      <Typography variant="body2" color="text.secondary">
        Choose the key you enter this room with. The owner’s browser seals the room key to it; its private half must be
        in this browser to open the room’s data.
      </Typography>
      <TextField
        select
        label="Choose key"
        value={keyId}
        onChange={(event) => setKeyId(event.target.value)}
        variant="standard"
        helperText={keyId && !hasPrivateKey(keyId) ? 'The private half of this key is not in this browser.' : ' '}
      >
        {keys.map((key) => (
          <MenuItem key={key.id} value={key.id}>
            {keyLabel(key)}
          </MenuItem>
        ))}
      </TextField>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={loading}>
          Enter room
        </Button>
      </Box>
    </Box>
  );
}
