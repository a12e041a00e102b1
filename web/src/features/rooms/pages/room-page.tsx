import Groups from '@mui/icons-material/Groups';
import Storage from '@mui/icons-material/Storage';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { RoomKeyChoicesDocument } from '../rooms.generated';
import { RoomPageDocument } from '../room.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { IconCard } from '../../../shared/ui/icon-card';
import { lazyPart, usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { PageLoader } from '../../../shared/ui/page-loader';
import { InviteGuestForm } from '../components/invite-guest-form';
import { RoomMembers } from '../components/room-members';
import { useKeyExchange } from '../hooks/use-key-exchange';
import { hasPrivateKey, useRoomKeys } from '../hooks/use-room-keys';
import { guestNotSetUp, keyState, SCREEN_MESSAGES, waitingGuests } from '../room-state';
import { GENERATE_KEY_PAIR_PATH, LOAD_KEY_PAIR_PATH } from '../../../shared/settings-paths';

const POLL_MS = 4_000;

// The room's data (data sets, upload, analyses and reports) and the key choice of a new guest load
// after the page's first render: the data only shows once the room key has been opened anyway.
const RoomData = lazyPart(async () => (await import('../components/room-data')).RoomData, {
  label: 'Loading the data sets…',
  minHeight: 240,
});
const ChooseKeyForm = lazyPart(async () => (await import('../components/choose-key-form')).ChooseKeyForm, {
  label: 'Loading the key choice…',
  minHeight: 120,
});

// /admin/vcrs/:id: the key exchange first (CRYPTO.md s.3), then the room's data once the room key
// opens in this browser.
export function RoomPage() {
  const { id = '' } = useParams();
  usePreloadWhenIdle(RoomData, ChooseKeyForm);
  const { user } = useSessionUser();
  const me = user?.id ?? null;
  const roomQuery = useQuery(RoomPageDocument, { variables: { id } });
  const keysQuery = useQuery(RoomKeyChoicesDocument);
  const room = roomQuery.data?.room ?? null;
  const ownKeys = keysQuery.data?.keys ?? [];
  const state = room && me && keysQuery.data ? keyState(room, me, ownKeys.length, hasPrivateKey) : null;
  const roomKeys = useRoomKeys(room, me, state?.kind === 'ready');
  const exchange = useKeyExchange(room);
  const isOwner = room?.role === 'owner';
  const ownerWaiting = room ? guestNotSetUp(room) : false;
  const guestsToSeal = useMemo(() => (room && isOwner ? waitingGuests(room) : []), [room, isOwner]);
  // my data sets' own secrets are sealed to the key I entered the room with
  const entered = ownKeys.find((key) => key.id === room?.myPublicKeyId);
  const secretKey = entered && me ? { userId: me, publicKeyId: entered.id, publicKeyPem: entered.publicKey } : null;

  // Keep looking while someone else has to act: the guest choosing a key, the owner sealing.
  const shouldPoll = state?.kind === 'waiting-approval' || (isOwner && (ownerWaiting || guestsToSeal.length > 0));
  const { startPolling, stopPolling } = roomQuery;
  useEffect(() => {
    if (!shouldPoll) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [shouldPoll, startPolling, stopPolling]);

  // The automatic first guest (the two-member case): sealed while the owner has the room open.
  const attempted = useRef(new Set<string>());
  const [autoSealError, setAutoSealError] = useState<string | null>(null);
  const { refetch } = roomQuery;
  useEffect(() => {
    if (roomKeys.status !== 'open') return;
    for (const guest of guestsToSeal.filter((g) => g.autoSeal)) {
      const attempt = `${guest.userId}:${guest.publicKeyId}`;
      if (attempted.current.has(attempt)) continue;
      attempted.current.add(attempt);
      exchange
        .sealFor(guest.userId, roomKeys.keys)
        .then(() => refetch())
        .catch((error: unknown) => setAutoSealError(toApiError(error).message));
    }
  }, [roomKeys, guestsToSeal, exchange, refetch]);

  const title = (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
      Virtual Clean Room
    </Typography>
  );
  if (roomQuery.error && !room) {
    const notFound = toApiError(roomQuery.error).code === 'NOT_FOUND';
    return (
      <>
        {title}
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to="/admin/vcr" color="inherit" size="small">
              Back to the rooms
            </Button>
          }
        >
          {notFound ? 'This room does not exist, or you are not a member of it.' : 'The room could not be loaded.'}
        </Alert>
      </>
    );
  }
  if (!room || !state || !me) {
    return (
      <>
        {title}
        <PageLoader label="Loading the room…" />
      </>
    );
  }

  const message =
    state.kind === 'no-keys'
      ? SCREEN_MESSAGES.noKeys
      : state.kind === 'missing-private'
        ? SCREEN_MESSAGES.privateKeyMissing
        : state.kind === 'waiting-approval'
          ? SCREEN_MESSAGES.guestWaiting
          : state.kind === 'ready' && ownerWaiting
            ? SCREEN_MESSAGES.ownerWaiting
            : null;

  return (
    <>
      {title}
      <IconCard
        icon={Groups}
        color="purple"
        title={room.name}
        subtitle={`You are ${isOwner ? 'the owner' : 'a guest'} of this room`}
        action={<Chip label={room.type} color={isOwner ? 'primary' : 'default'} variant="outlined" />}
        id="room"
      >
        {message ? (
          <Alert severity={state.kind === 'ready' ? 'info' : 'warning'} role="status" sx={{ mb: 2 }}>
            {message}
            {state.kind === 'no-keys' || state.kind === 'missing-private' ? (
              <>
                {' '}
                <Link
                  component={RouterLink}
                  to={state.kind === 'no-keys' ? GENERATE_KEY_PAIR_PATH : LOAD_KEY_PAIR_PATH}
                >
                  Open Settings
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        {state.kind === 'choose-key' ? (
          <ChooseKeyForm roomId={room.id} keys={ownKeys} onChosen={() => void refetch()} />
        ) : null}
        {roomKeys.status === 'failed' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {roomKeys.message}
          </Alert>
        ) : null}
        {autoSealError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The guest’s key could not be sealed: {autoSealError}
          </Alert>
        ) : null}
        <RoomMembers
          room={room}
          canManageKeys={isOwner && roomKeys.status === 'open'}
          onApprove={async (userId) => {
            if (roomKeys.status !== 'open') return;
            await exchange.sealFor(userId, roomKeys.keys);
            await refetch();
          }}
          onRotate={async () => {
            await exchange.rotate();
            await refetch();
          }}
        />
        {isOwner ? (
          <Box sx={{ mt: 2 }}>
            <InviteGuestForm roomId={room.id} onInvited={() => void refetch()} />
          </Box>
        ) : null}
      </IconCard>
      {roomKeys.status === 'open' ? (
        <RoomData room={room} me={me} roomKeys={roomKeys.keys} currentKey={roomKeys.current} secretKey={secretKey} />
      ) : state.kind === 'ready' ? (
        <IconCard icon={Storage} color="blue" title="Data sets">
          <PageLoader label="Opening the room key…" />
        </IconCard>
      ) : null}
    </>
  );
}
