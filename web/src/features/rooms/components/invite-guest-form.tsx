import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { AddRoomUsersDocument, SendRoomInviteDocument } from '../rooms.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { isEmail } from '../room-validation';
import { FormTextField } from '../../../shared/ui/form-text-field';

// Owner: invite another guest by e-mail (spec: send the invite, then create the room user).
export function InviteGuestForm({ roomId, onInvited }: { roomId: string; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sendInvite] = useMutation(SendRoomInviteDocument);
  const [addRoomUsers] = useMutation(AddRoomUsersDocument);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setDone(null);
    if (!isEmail(email)) return setError('Please fill the appropriate email');
    setError(null);
    setBusy(true);
    try {
      const recipients = [email.trim()];
      await sendInvite({ variables: { input: { roomId, recipients } } });
      await addRoomUsers({ variables: { roomId, recipients } });
      setDone(`Invitation sent to ${email.trim()}.`);
      setEmail('');
      onInvited();
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      aria-label="Invite guest"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      {/* the standard text field without MUI's TextField, which brings Select and its menu along */}
      <FormTextField
        label="Invite guest by e-mail"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? done ?? ' '}
        size="small"
        margin="none"
        sx={{ flex: '1 1 220px' }}
      />
      <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 1.5 }}>
        Invite
      </Button>
    </Box>
  );
}
