import { graphql, HttpResponse } from 'msw';
import {
  DatasetsDocument,
  RoomReportsDocument,
  type DatasetList_DatasetFragment,
} from '../features/rooms/datasets.generated';
import {
  RoomInvitationsDocument,
  RoomKeyChoicesDocument,
  RoomsDocument,
  type RoomsTable_RoomFragment,
} from '../features/rooms/rooms.generated';
import { RoomPageDocument, type RoomPageQuery } from '../features/rooms/room.generated';
import { buildProfile } from './factories';
import { server } from './msw-server';

// Clean-room test data and msw answers for the room screens.
export const OWNER_ID = buildProfile().id;
export const GUEST_ID = 'b5f0c1de-0000-4000-8000-0000000000g2';
export const ROOM_ID = '7d1f3c2a-5b64-4e8f-9a0b-1c2d3e4f5a6b';

type Room = RoomPageQuery['room'];
type Member = Room['members'][number];

export function buildRoomRow(
  overrides: Partial<RoomsTable_RoomFragment> = {},
): RoomsTable_RoomFragment & { __typename: 'Room' } {
  return {
    __typename: 'Room' as const,
    id: ROOM_ID,
    name: 'Customer overlap',
    createdAt: '2026-03-04T09:30:00.000Z',
    type: 'Owner',
    role: 'owner',
    ...overrides,
  };
}

export function buildMember(overrides: Partial<Member> = {}): Member & { __typename: 'RoomMember' } {
  return {
    __typename: 'RoomMember' as const,
    userId: GUEST_ID,
    username: 'grace',
    nickname: 'Grace',
    role: 'guest',
    publicKeyId: null,
    status: 'invited',
    autoSeal: true,
    approvedAt: null,
    ...overrides,
  };
}

export function buildRoom(overrides: Partial<Room> = {}): Room & { __typename: 'Room' } {
  return {
    __typename: 'Room' as const,
    id: ROOM_ID,
    name: 'Customer overlap',
    createdAt: '2026-03-04T09:30:00.000Z',
    type: 'Owner',
    role: 'owner',
    ownerId: OWNER_ID,
    keyVersion: 1,
    userCount: 2,
    myPublicKeyId: null,
    members: [
      buildMember({ userId: OWNER_ID, username: 'ada', nickname: 'Ada', role: 'owner', status: 'active' }),
      buildMember(),
    ],
    aesKeys: [],
    invitations: [],
    ...overrides,
  };
}

export type KeyChoice = { id: string; title: string; publicKey: string; createdAt: string };

export type InvitationRow = { id: string; roomId: string; roomName: string; invitedBy: string; createdAt: string };

/** The rooms list, and the invitations waiting for an answer (none unless given). */
export function givenRooms(rooms: RoomsTable_RoomFragment[], invitations: InvitationRow[] = []) {
  server.use(
    graphql.query(RoomsDocument, () => HttpResponse.json({ data: { rooms } })),
    graphql.query(RoomInvitationsDocument, () =>
      HttpResponse.json({
        data: { roomInvitations: invitations.map((i) => ({ __typename: 'MyRoomInvitation', ...i })) },
      }),
    ),
  );
}

export function givenKeyChoices(keys: KeyChoice[]) {
  server.use(
    graphql.query(RoomKeyChoicesDocument, () =>
      HttpResponse.json({ data: { keys: keys.map((key) => ({ __typename: 'Key', ...key })) } }),
    ),
  );
}

export function givenRoom(room: Room, datasets: DatasetList_DatasetFragment[] = []) {
  server.use(
    graphql.query(RoomPageDocument, () => HttpResponse.json({ data: { room } })),
    graphql.query(DatasetsDocument, () => HttpResponse.json({ data: { datasets } })),
    graphql.query(RoomReportsDocument, () => HttpResponse.json({ data: { reports: [] } })),
  );
}
