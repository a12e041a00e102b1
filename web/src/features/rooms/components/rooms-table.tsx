import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DeleteRoomDocument, RoomsDocument, type RoomsTable_RoomFragment } from '../rooms.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { formatDateTime } from '../../../shared/ui/format-date';
import { Hint } from '../../../shared/ui/hint';

// "Available Rooms": number, Name (to the room page), Created At, Type, and the delete icon for
// the rooms the user owns.
export function RoomsTable({ onCreate }: { onCreate: () => void }) {
  const { data, loading, error, refetch } = useQuery(RoomsDocument, { fetchPolicy: 'cache-and-network' });
  const [pending, setPending] = useState<RoomsTable_RoomFragment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteRoom, { loading: deleting }] = useMutation(DeleteRoomDocument);
  const rooms = data?.rooms ?? [];

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleteError(null);
    try {
      await deleteRoom({
        variables: { id: pending.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Room', id: pending.id }) });
          cache.gc();
        },
      });
      setPending(null);
    } catch (failure) {
      setDeleteError(toApiError(failure).message);
    }
  };

  if (error && !data) {
    return <LoadErrorAlert severity="error" message="Your rooms could not be loaded." onRetry={() => void refetch()} />;
  }
  if (!loading && rooms.length === 0) {
    return (
      <EmptyState icon={MeetingRoomOutlined} title="No rooms yet">
        <Button onClick={onCreate} sx={{ mt: 1 }}>
          Create room
        </Button>
      </EmptyState>
    );
  }
  return (
    <>
      <TableContainer>
        <Table aria-label="Available Rooms" size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={WIDE_ONLY}>#</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Created At</TableCell>
              <TableCell sx={WIDE_ONLY}>Type</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !data
              ? [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={5}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : rooms.map((room, index) => (
                  <TableRow key={room.id} hover>
                    <TableCell sx={WIDE_ONLY}>{index + 1}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={`/admin/vcrs/${room.id}`}>
                        {room.name}
                      </Link>
                      {/* on phones the Type column gives its width to the row's delete button */}
                      <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                        <RoomTypeChip room={room} />
                      </Box>
                    </TableCell>
                    <TableCell>{formatDateTime(room.createdAt)}</TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      <RoomTypeChip room={room} />
                    </TableCell>
                    <TableCell align="right" sx={{ py: 0 }}>
                      {room.role === 'owner' ? (
                        <Hint title="Delete room">
                          <IconButton aria-label={`Delete room ${room.name}`} onClick={() => setPending(room)}>
                            <DeleteOutlined />
                          </IconButton>
                        </Hint>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="delete-room-title">
        <DialogTitle id="delete-room-title">Delete room {pending?.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The room is deleted for everyone in it, with all its data sets and reports. This cannot be undone.
          </DialogContentText>
          {deleteError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {deleteError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={deleting}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

// Columns a 375 px phone does without, so that every row keeps its delete button in view.
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function RoomTypeChip({ room }: { room: { type: string; role: string } }) {
  return (
    <Chip size="small" label={room.type} color={room.role === 'owner' ? 'primary' : 'default'} variant="outlined" />
  );
}
