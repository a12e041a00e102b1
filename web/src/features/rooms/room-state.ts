// Where the key exchange of a room stands for the person looking at it (CRYPTO.md s.3), and the
// spec's screen message for each waiting state.
import type { RoomPageQuery } from './room.generated';

export type RoomView = RoomPageQuery['room'];

export const SCREEN_MESSAGES = {
  ownerWaiting: 'Please wait until the guest has setup the room',
  guestWaiting: 'Wait for owner to approve you',
  privateKeyMissing: 'Please upload your private keys to continue.',
  noKeys: 'Go to the settings page and generate new key',
} as const;

export type KeyState =
  // no key pair on the account at all
  | { kind: 'no-keys' }
  // a guest who has not chosen the key to enter with
  | { kind: 'choose-key' }
  // key chosen, but its private half is not in this browser
  | { kind: 'missing-private'; publicKeyId: string }
  // a guest whose record is still the waitingforsessionkey marker
  | { kind: 'waiting-approval' }
  // the room key opens here
  | { kind: 'ready'; publicKeyId: string };

export function keyState(
  room: RoomView,
  me: string,
  ownKeyCount: number,
  hasPrivateKey: (keyId: string) => boolean,
): KeyState {
  const chosen = room.myPublicKeyId;
  if (!chosen) return ownKeyCount === 0 ? { kind: 'no-keys' } : { kind: 'choose-key' };
  const mine = room.aesKeys.filter((key) => key.userId === me);
  const current = mine.find((key) => key.keyVersion === room.keyVersion) ?? null;
  if (!current || current.waiting) return { kind: 'waiting-approval' };
  if (!hasPrivateKey(current.publicKeyId)) return { kind: 'missing-private', publicKeyId: current.publicKeyId };
  return { kind: 'ready', publicKeyId: current.publicKeyId };
}

// Owner only: no guest has chosen a key yet (invited, or an invitation not yet claimed).
export function guestNotSetUp(room: RoomView): boolean {
  return room.role === 'owner' && !room.members.some((m) => m.role === 'guest' && m.status !== 'invited');
}

// Guests whose key the owner's browser should seal now: the automatic first guest, or the ones
// the owner approves with a click.
export function waitingGuests(room: RoomView) {
  return room.members.filter((m) => m.role === 'guest' && m.status === 'waiting' && m.publicKeyId);
}
