import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AcceptRoomInvitationDocument,
  DeclineRoomInvitationDocument,
  RoomInvitationsDocument,
  RoomsDocument,
} from '../rooms.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { formatDateTime } from '../../../shared/ui/format-date';

// Invitations to rooms, waiting for the invitee's answer. Accepting opens the room; declining
// leaves everything as it was. Nothing shows when there are none.
export function RoomInvitations() {
  const navigate = useNavigate();
  const query = useQuery(RoomInvitationsDocument, { fetchPolicy: 'cache-and-network' });
  const refetchQueries = [RoomInvitationsDocument, RoomsDocument];
  const [accept] = useMutation(AcceptRoomInvitationDocument, { refetchQueries });
  const [decline] = useMutation(DeclineRoomInvitationDocument, { refetchQueries });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const invitations = query.data?.roomInvitations ?? [];
  if (!invitations.length) return null;

  const answer = async (id: string, yes: boolean) => {
    setError(null);
    setBusy(id);
    try {
      if (yes) {
        const { data } = await accept({ variables: { id } });
        if (data) await navigate(`/admin/vcrs/${data.acceptRoomInvitation.id}`);
      } else {
        await decline({ variables: { id } });
      }
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-label="Invitations" sx={{ mb: 3, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h2">
        Invitations
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box component="ul" aria-label="Room invitations" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {invitations.map((invitation) => (
          <Paper
            component="li"
            key={invitation.id}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Typography variant="body2" sx={{ flex: '1 1 240px', overflowWrap: 'break-word' }}>
              <strong>{invitation.invitedBy}</strong> invited you to the clean room “{invitation.roomName}” ·{' '}
              {formatDateTime(invitation.createdAt)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="contained"
                size="small"
                disabled={busy !== null}
                onClick={() => void answer(invitation.id, true)}
                aria-label={`Accept the invitation to ${invitation.roomName}`}
              >
                Accept
              </Button>
              <Button
                size="small"
                color="error"
                disabled={busy !== null}
                onClick={() => void answer(invitation.id, false)}
                aria-label={`Decline the invitation to ${invitation.roomName}`}
              >
                Decline
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
