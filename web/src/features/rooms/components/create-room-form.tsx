import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RoomKeyChoicesDocument } from '../rooms.generated';
import { useForm } from '../../../shared/forms/use-form';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { useCreateRoom } from '../hooks/use-create-room';
import { validateCreateRoom, type CreateRoomValues } from '../room-validation';
import { keyLabel } from './key-label';
import { GENERATE_KEY_PAIR_PATH } from '../../../shared/settings-paths';

// "Create room": room name, the guest's e-mail, the owner's key; then the creation sequence.
export function CreateRoomForm() {
  const { user } = useSessionUser();
  const keys = useQuery(RoomKeyChoicesDocument);
  const createRoom = useCreateRoom();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateRoomValues>({
    initialValues: { name: '', email: '', keyId: '' },
    validate: validateCreateRoom,
    onSubmit: async (values) => {
      setFailure(null);
      const key = keys.data?.keys.find((candidate) => candidate.id === values.keyId);
      if (!user || !key) return;
      const outcome = await createRoom({ name: values.name, email: values.email, ownerId: user.id, key });
      if (outcome.ok) await navigate(`/admin/vcrs/${outcome.roomId}`);
      else setFailure(outcome.message);
    },
  });
  const { values, errors, handleChange, handleSubmit, isSubmitting } = form;
  const choices = keys.data?.keys ?? [];

  if (keys.data && choices.length === 0) {
    return (
      <Alert severity="info">
        Go to the settings page and generate new key.{' '}
        <Link component={RouterLink} to={GENERATE_KEY_PAIR_PATH}>
          Open Settings
        </Link>
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      aria-label="Create room"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
    >
      <TextField
        label="Room name"
        name="name"
        value={values.name}
        onChange={handleChange}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
        required
        variant="standard"
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label="Invite email"
        name="email"
        type="email"
        value={values.email}
        onChange={handleChange}
        error={Boolean(errors.email)}
        helperText={errors.email ?? 'Your guest gets an invitation to this room.'}
        required
        variant="standard"
        autoComplete="off"
      />
      <TextField
        select
        label="Choose key"
        name="keyId"
        value={values.keyId}
        onChange={(event) => form.setValue('keyId', event.target.value)}
        error={Boolean(errors.keyId)}
        helperText={
          errors.keyId ?? 'The room key is sealed to this public key; its private half must be in this browser.'
        }
        required
        variant="standard"
        disabled={keys.loading && !keys.data}
      >
        {choices.map((key) => (
          <MenuItem key={key.id} value={key.id}>
            {keyLabel(key)}
          </MenuItem>
        ))}
      </TextField>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create'}
        </Button>
      </Box>
    </Box>
  );
}
