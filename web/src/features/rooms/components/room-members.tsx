import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { type RoomView } from '../room-state';

const STATUS: Record<string, { label: string; color: 'default' | 'warning' | 'success' }> = {
  invited: { label: 'Invited: no key chosen yet', color: 'default' },
  waiting: { label: 'Waiting for approval', color: 'warning' },
  active: { label: 'Active', color: 'success' },
};

type Props = {
  room: RoomView;
  // owner with the room key open: can approve and rotate
  canManageKeys: boolean;
  onApprove: (userId: string) => Promise<void>;
  onRotate: () => Promise<void>;
};

// Who is in the room and where each key exchange stands; the owner approves guests here.
export function RoomMembers({ room, canManageKeys, onApprove, onRotate }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState(false);
  const run = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    setError(null);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(toApiError(failure).message);
      return false;
    } finally {
      setBusy(null);
    }
  };
  // invitations not (yet) accepted: waiting for an answer, or declined
  const pendingInvites = room.invitations.filter((invite) => !invite.acceptedAt);

  return (
    <Box>
      <List dense aria-label="Room members" disablePadding>
        {room.members.map((member) => {
          const status = STATUS[member.status] ?? { label: member.status, color: 'default' as const };
          const approvable = canManageKeys && member.status === 'waiting' && !member.autoSeal;
          return (
            <ListItem
              key={member.userId}
              disableGutters
              secondaryAction={
                approvable ? (
                  <Button
                    size="small"
                    variant="contained"
                    disabled={busy !== null}
                    onClick={() => void run(member.userId, () => onApprove(member.userId))}
                  >
                    Approve {member.nickname || member.username}
                  </Button>
                ) : null
              }
              sx={{ pr: approvable ? 18 : 0, flexWrap: 'wrap' }}
            >
              <ListItemText
                primary={`${member.nickname || member.username} (${member.role === 'owner' ? 'Owner' : 'guest'})`}
                secondary={
                  <Chip
                    component="span"
                    size="small"
                    label={status.label}
                    color={status.color}
                    variant="outlined"
                    sx={{ mt: 0.5 }}
                  />
                }
              />
            </ListItem>
          );
        })}
        {pendingInvites.map((invite) => (
          <ListItem key={invite.email} disableGutters>
            <ListItemText
              primary={invite.email}
              secondary={
                <Chip
                  component="span"
                  size="small"
                  label={invite.declinedAt ? 'Invitation declined' : 'Invitation sent: waiting for an answer'}
                  color={invite.declinedAt ? 'error' : 'default'}
                  variant="outlined"
                />
              }
            />
          </ListItem>
        ))}
      </List>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {canManageKeys ? (
        <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy !== null}
            onClick={() =>
              void run('rotate', onRotate).then((ok) => {
                setRotated(ok);
              })
            }
          >
            Rotate room key
          </Button>
          <Typography variant="caption" color="text.secondary" role="status">
            {rotated
              ? `Room key version ${room.keyVersion} is in use; older data sets still open.`
              : `Room key version ${room.keyVersion}`}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
