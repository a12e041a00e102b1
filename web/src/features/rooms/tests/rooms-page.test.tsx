import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { KEY_A } from '../../../crypto/known-answers.fixture';
import { openRoomKey } from '../../../crypto/room-key';
import {
  AcceptRoomInvitationDocument,
  AddRoomUsersDocument,
  ChooseRoomKeyDocument,
  CreateRoomDocument,
  DeclineRoomInvitationDocument,
  DeleteRoomDocument,
  RoomsDocument,
  SendRoomInviteDocument,
} from '../rooms.generated';
import { buildProfile } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import {
  buildRoom,
  buildRoomRow,
  givenKeyChoices,
  givenRoom,
  givenRooms,
  OWNER_ID,
  ROOM_ID,
} from '../../../test/rooms';
import { enterText } from '../../../test/enter-text';

const OWNER_KEY = { id: KEY_A.id, title: 'Laptop', publicKey: KEY_A.publicPem, createdAt: '2026-01-01T00:00:00.000Z' };

describe('rooms list (/admin/vcr)', () => {
  it('lists number, name linking to the room, created at and type; only owners get a delete icon', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([OWNER_KEY]);
    givenRooms([buildRoomRow(), buildRoomRow({ id: 'r2', name: 'Partner data', type: 'guest', role: 'guest' })]);
    renderApp('/admin/vcr');
    // the first visit of the route transforms its modules: allow for it
    const table = await screen.findByRole('table', { name: 'Available Rooms' }, { timeout: 20_000 });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('link', { name: 'Customer overlap' })).toHaveAttribute(
      'href',
      `/admin/vcrs/${ROOM_ID}`,
    );
    expect(rows[1]).toHaveTextContent(/^1Customer overlap.*Owner$/);
    expect(rows[2]).toHaveTextContent(/^2Partner data.*guest$/);
    expect(within(rows[1]).getByRole('button', { name: 'Delete room Customer overlap' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks before anyone joins: an invitation is accepted (the room opens) or declined', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([OWNER_KEY]);
    const invitation = {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      roomId: ROOM_ID,
      roomName: 'Customer overlap',
      invitedBy: 'Ada',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    givenRooms([], [invitation, { ...invitation, id: 'c0ffee00-0000-4000-8000-000000000002', roomName: 'Spam' }]);
    givenRoom(buildRoom({ type: 'guest', role: 'guest' }));
    const answers: string[] = [];
    server.use(
      graphql.mutation(DeclineRoomInvitationDocument, ({ variables }) => {
        answers.push(`decline ${variables.id}`);
        return HttpResponse.json({ data: { declineRoomInvitation: true } });
      }),
      graphql.mutation(AcceptRoomInvitationDocument, ({ variables }) => {
        answers.push(`accept ${variables.id}`);
        return HttpResponse.json({ data: { acceptRoomInvitation: buildRoomRow({ type: 'guest', role: 'guest' }) } });
      }),
    );
    const { user, router } = renderApp('/admin/vcr');
    const list = await screen.findByRole('list', { name: 'Room invitations' }, { timeout: 20_000 });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Ada invited you to the clean room “Customer overlap”',
    );
    await user.click(within(list).getByRole('button', { name: 'Decline the invitation to Spam' }));
    await user.click(within(list).getByRole('button', { name: 'Accept the invitation to Customer overlap' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/vcrs/${ROOM_ID}`));
    expect(answers).toEqual([
      'decline c0ffee00-0000-4000-8000-000000000002',
      'accept c0ffee00-0000-4000-8000-000000000001',
    ]);
  });

  it('deletes a room only after confirmation', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([OWNER_KEY]);
    givenRooms([buildRoomRow()]);
    const deleted: string[] = [];
    server.use(
      graphql.mutation(DeleteRoomDocument, ({ variables }) => {
        deleted.push(variables.id);
        return HttpResponse.json({ data: { deleteRoom: true } });
      }),
    );
    const { user } = renderApp('/admin/vcr');
    await user.click(await screen.findByRole('button', { name: 'Delete room Customer overlap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete room Customer overlap?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Delete room Customer overlap' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([ROOM_ID]));
    expect(await screen.findByText('No rooms yet')).toBeInTheDocument();
  });

  it('shows an empty state and a retryable error', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([OWNER_KEY]);
    givenRooms([]);
    server.use(graphql.query(RoomsDocument, () => HttpResponse.json({ errors: [{ message: 'down' }] })));
    renderApp('/admin/vcr');
    expect(await screen.findByText('Your rooms could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('create room', () => {
  it('says what is missing in the spec’s words and sends nothing', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([OWNER_KEY]);
    givenRooms([]);
    let created = 0;
    server.use(
      graphql.mutation(CreateRoomDocument, () => {
        created++;
        return HttpResponse.json({ errors: [{ message: 'no' }] });
      }),
    );
    const { user } = renderApp('/admin/vcr');
    await user.click(await screen.findByRole('tab', { name: 'Create room' }));
    const form = screen.getByRole('form', { name: 'Create room' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText('Please fill the name of the room')).toBeInTheDocument();
    expect(within(form).getByText('Please fill the appropriate email')).toBeInTheDocument();
    expect(within(form).getByText('Please choose a key')).toBeInTheDocument();
    await enterText(user, within(form).getByLabelText(/Room name/), 'Overlap');
    await enterText(user, within(form).getByLabelText(/Invite email/), 'grace@example');
    expect(within(form).getByText('Please fill the appropriate email')).toBeInTheDocument();
    expect(within(form).queryByText('Please fill the name of the room')).not.toBeInTheDocument();
    expect(created).toBe(0);
  });

  it('runs the creation sequence with the room key sealed to the chosen key, then opens the room', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([OWNER_KEY]);
    givenRooms([]);
    givenRoom(buildRoom());
    const calls: string[] = [];
    let sealed = '';
    server.use(
      graphql.mutation(CreateRoomDocument, ({ variables }) => {
        calls.push(`create ${variables.input.name}`);
        return HttpResponse.json({ data: { createRoom: buildRoomRow({ name: variables.input.name }) } });
      }),
      graphql.mutation(ChooseRoomKeyDocument, ({ variables }) => {
        calls.push(`key ${variables.input.publicKeyId}`);
        sealed = variables.input.encryptedSessionKey ?? '';
        return HttpResponse.json({
          data: {
            chooseRoomKey: {
              userId: OWNER_ID,
              publicKeyId: KEY_A.id,
              keyVersion: 1,
              waiting: false,
            },
          },
        });
      }),
      graphql.mutation(SendRoomInviteDocument, ({ variables }) => {
        calls.push(`invite ${[variables.input.recipients].flat().join()}`);
        return HttpResponse.json({ data: { sendRoomInvite: variables.input.recipients } });
      }),
      graphql.mutation(AddRoomUsersDocument, ({ variables }) => {
        calls.push(`users ${[variables.recipients].flat().join()}`);
        return HttpResponse.json({ data: { addRoomUsers: [] } });
      }),
    );
    const { user, router } = renderApp('/admin/vcr');
    await user.click(await screen.findByRole('tab', { name: 'Create room' }));
    const form = screen.getByRole('form', { name: 'Create room' });
    await enterText(user, within(form).getByLabelText(/Room name/), 'Overlap');
    await enterText(user, within(form).getByLabelText(/Invite email/), 'grace@example.com');
    await user.click(within(form).getByRole('combobox', { name: /Choose key/ }));
    await user.click(await screen.findByRole('option', { name: /^Laptop/ }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/vcrs/${ROOM_ID}`));
    expect(calls).toEqual(['create Overlap', `key ${KEY_A.id}`, 'invite grace@example.com', 'users grace@example.com']);
    // the envelope opens with the chosen key's private half, for this room, user and version
    const roomKey = await openRoomKey(KEY_A.privatePem, sealed, { roomId: ROOM_ID, userId: OWNER_ID, keyVersion: 1 });
    expect(roomKey).toHaveLength(32);
  });

  it('sends people without keys to the settings page', async () => {
    givenSignedInSession(buildProfile());
    givenKeyChoices([]);
    givenRooms([]);
    const { user } = renderApp('/admin/vcr');
    await user.click(await screen.findByRole('tab', { name: 'Create room' }));
    expect(await screen.findByText(/Go to the settings page and generate new key/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/admin/settings#add-key-pair');
  });
});
