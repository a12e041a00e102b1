import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { toHex } from '../../../crypto/bytes';
import { deriveWithheldKeyBytes } from '../../../crypto/column-keys';
import { generateDatasetSecret, openColumnKey, sealDatasetSecret } from '../../../crypto/dataset-secret';
import { savePrivateKey } from '../../../crypto/key-storage';
import { KEY_A, KEY_B } from '../../../crypto/known-answers.fixture';
import { generateRoomKey, sealRoomKey } from '../../../crypto/room-key';
import {
  AccessRequestsDocument,
  ApproveDatasetAccessDocument,
  DeclineDatasetAccessDocument,
  RequestDatasetAccessDocument,
  RoomAuditDocument,
  type AccessRequestList_RequestFragment,
  type RoomAuditQuery,
} from '../access.generated';
import {
  ColumnKeysToSealDocument,
  CreateReportDocument,
  GrantColumnKeysDocument,
  UpdateDatasetRuleDocument,
  type DatasetList_DatasetFragment,
} from '../datasets.generated';
import { RoomPublicKeyDocument } from '../room.generated';
import { buildProfile } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildMember, buildRoom, givenKeyChoices, givenRoom, GUEST_ID, OWNER_ID, ROOM_ID } from '../../../test/rooms';

// The analysis-rule screens of a room, as its owner sees them with the room key open in this
// browser: the owner's set withholds `name` (sealed with the set's own secret, which opens here).
const OWNER_KEY = { id: KEY_A.id, title: 'Laptop', publicKey: KEY_A.publicPem, createdAt: '2026-01-01T00:00:00.000Z' };
const MINE = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const THEIRS = '6f7a8b9c-0d1e-4f2a-b3c4-d5e6f7a8b9c0';
const secret = generateDatasetSecret();

const column = (name: string, role: string, shared: boolean, sealing: string | null) => ({
  __typename: 'DatasetColumn' as const,
  name,
  role,
  domain: role === 'join' ? 'email' : null,
  kind: role === 'join' ? 'email' : null,
  padBucket: role === 'clear' ? null : 32,
  shared,
  sealing,
});

async function datasets(): Promise<DatasetList_DatasetFragment[]> {
  const base = {
    __typename: 'Dataset' as const,
    filtered: 'city',
    rowCount: 40,
    keyVersion: 1,
    normalisationVersion: 1,
    status: 'ready',
    partnerAccess: 'matches',
    minGroupSize: 10,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  return [
    {
      ...base,
      id: MINE,
      name: 'customers',
      uploadedBy: OWNER_ID,
      mine: true,
      sealedSecret: await sealDatasetSecret(KEY_A.publicPem, secret, {
        roomId: ROOM_ID,
        datasetId: MINE,
        userId: OWNER_ID,
      }),
      secretKeyId: KEY_A.id,
      columns: [
        column('email', 'join', false, 'dataset'),
        column('name', 'sealed', false, 'dataset'),
        column('city', 'clear', true, null),
      ],
    },
    {
      ...base,
      id: THEIRS,
      name: 'leads',
      uploadedBy: GUEST_ID,
      mine: false,
      sealedSecret: null,
      secretKeyId: null,
      columns: [
        column('mail', 'join', false, 'dataset'),
        column('score', 'clear', false, null),
        column('note', 'sealed', false, 'dataset'),
      ],
    },
  ];
}

function request(overrides: Partial<AccessRequestList_RequestFragment> = {}) {
  return {
    __typename: 'AccessRequest' as const,
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    requesterId: GUEST_ID,
    requesterName: 'Grace',
    datasetId: MINE,
    datasetName: 'customers',
    datasetIds: [THEIRS, MINE],
    columns: ['name'],
    reason: 'To greet them',
    description:
      'leads joined with customers where mail of leads matches email of customers, with the withheld column name',
    status: 'open',
    decisionNote: null,
    decidedAt: null,
    reportId: null,
    mine: false,
    toDecide: true,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

type AuditEntry = RoomAuditQuery['roomAudit']['entries'][number];
const entry = (overrides: Partial<AuditEntry>): AuditEntry & { __typename: 'AuditEvent' } => ({
  __typename: 'AuditEvent',
  id: crypto.randomUUID(),
  actorId: GUEST_ID,
  actorName: 'Grace',
  action: 'join',
  datasetNames: ['leads', 'customers'],
  description: 'Count of leads joined with customers where mail of leads matches email of customers',
  count: 12,
  unit: 'pairs',
  hidden: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

function givenAnalyses(options: {
  requests?: AccessRequestList_RequestFragment[];
  keysToSeal?: { datasetId: string; column: string; userId: string; publicKeyId: string; publicKey: string }[];
  audit?: (page: number) => Omit<RoomAuditQuery['roomAudit'], 'entries'> & { entries: AuditEntry[] };
}) {
  server.use(
    graphql.query(AccessRequestsDocument, () =>
      HttpResponse.json({ data: { accessRequests: options.requests ?? [] } }),
    ),
    graphql.query(ColumnKeysToSealDocument, () =>
      HttpResponse.json({
        data: { columnKeysToSeal: (options.keysToSeal ?? []).map((k) => ({ __typename: 'ColumnKeyToSeal', ...k })) },
      }),
    ),
    graphql.query(RoomAuditDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          roomAudit: options.audit?.(variables.page) ?? { entries: [], total: 0, page: 1, pages: 1 },
        },
      }),
    ),
    graphql.query(RoomPublicKeyDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          roomPublicKey: {
            userId: variables.userId,
            publicKeyId: KEY_B.id,
            publicKey: KEY_B.publicPem,
          },
        },
      }),
    ),
  );
}

async function openRoom(as: 'owner' | 'guest' = 'owner', sets?: DatasetList_DatasetFragment[]) {
  const roomKey = generateRoomKey();
  const guest = as === 'guest';
  const [myId, myKey] = guest ? [GUEST_ID, KEY_B] : [OWNER_ID, KEY_A];
  const aesKey = await sealRoomKey(myKey.publicPem, roomKey, { roomId: ROOM_ID, userId: myId, keyVersion: 1 });
  if (guest) savePrivateKey(KEY_B.id, KEY_B.privatePem);
  givenSignedInSession(buildProfile({ id: myId }));
  givenKeyChoices([{ ...OWNER_KEY, id: myKey.id, publicKey: myKey.publicPem }]);
  givenRoom(
    buildRoom({
      myPublicKeyId: myKey.id,
      members: [
        buildMember({
          userId: OWNER_ID,
          username: 'ada',
          nickname: 'Ada',
          role: 'owner',
          status: 'active',
          publicKeyId: KEY_A.id,
        }),
        buildMember({ status: 'active', publicKeyId: KEY_B.id }),
      ],
      aesKeys: [{ userId: myId, publicKeyId: myKey.id, keyVersion: 1, aesKey, waiting: false }],
    }),
    sets ?? (await datasets()),
  );
  const view = renderApp(`/admin/vcrs/${ROOM_ID}`);
  if (sets?.length === 0) await screen.findByText(/^No data sets yet\./, undefined, { timeout: 20_000 });
  else await screen.findByRole('table', { name: 'Data sets' }, { timeout: 20_000 });
  return view;
}

const withheldKey = async (name: string) => toHex(await deriveWithheldKeyBytes(secret, ROOM_ID, MINE, name));
const opened = async (envelope: string, name: string) =>
  toHex(
    await openColumnKey(KEY_B.privatePem, envelope, {
      roomId: ROOM_ID,
      datasetId: MINE,
      column: name,
      userId: GUEST_ID,
    }),
  );

beforeEach(() => {
  localStorage.clear();
  savePrivateKey(KEY_A.id, KEY_A.privatePem);
});

describe('a room’s analysis rules, in the browser', () => {
  it('approving a request seals the withheld column’s key to the requester, here; nothing else leaves', async () => {
    givenAnalyses({ requests: [request()] });
    const sent: { columnKeys: { column: string; sealedKey: string }[] }[] = [];
    server.use(
      graphql.mutation(ApproveDatasetAccessDocument, ({ variables }) => {
        sent.push(variables.input as (typeof sent)[number]);
        return HttpResponse.json({ data: { approveDatasetAccess: request({ status: 'approved' }) } });
      }),
    );
    const { user } = await openRoom();
    const list = await screen.findByRole('list', { name: 'Access requests' });
    expect(within(list).getByText(/Grace asked the uploader of customers/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /^Approve:/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].columnKeys.map((k) => k.column)).toEqual(['name']);
    // it opens with the requester's private key, to exactly the key of that column
    expect(await opened(sent[0].columnKeys[0].sealedKey, 'name')).toBe(await withheldKey('name'));
    expect(JSON.stringify(sent)).not.toContain(toHex(secret));
  });

  it('declining a request sends the optional note and seals nothing', async () => {
    givenAnalyses({ requests: [request()] });
    const approved: unknown[] = [];
    const declined: unknown[] = [];
    server.use(
      graphql.mutation(ApproveDatasetAccessDocument, ({ variables }) => {
        approved.push(variables.input);
        return HttpResponse.json({ data: { approveDatasetAccess: request({ status: 'approved' }) } });
      }),
      graphql.mutation(DeclineDatasetAccessDocument, ({ variables }) => {
        declined.push(variables.input);
        return HttpResponse.json({
          data: { declineDatasetAccess: request({ status: 'declined', decisionNote: 'Not for this campaign' }) },
        });
      }),
    );
    const { user } = await openRoom();
    const list = await screen.findByRole('list', { name: 'Access requests' });
    await user.click(within(list).getByRole('button', { name: 'Decline' }));
    // a second step: the note, then Decline (or Cancel)
    await user.type(within(list).getByRole('textbox', { name: /Why not/ }), '  Not for this campaign ');
    await user.click(within(list).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(declined).toHaveLength(1));
    expect(declined[0]).toEqual({ roomId: ROOM_ID, requestId: request().id, note: 'Not for this campaign' });
    expect(approved).toEqual([]);
  });

  it('the uploader changes a set’s rule later: access, k (checked) and shared columns', async () => {
    givenAnalyses({});
    const saved: unknown[] = [];
    server.use(
      graphql.mutation(UpdateDatasetRuleDocument, async ({ variables }) => {
        saved.push(variables.input);
        const [mine] = await datasets();
        return HttpResponse.json({
          data: { updateDatasetRule: { ...mine, partnerAccess: 'aggregates', minGroupSize: 25 } },
        });
      }),
    );
    const { user } = await openRoom();
    // only the uploader's own set offers it
    expect(screen.queryByRole('button', { name: 'Change the rule of leads' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the rule of customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analysis rule of customers' });
    const switches = within(dialog).getAllByRole('switch');
    expect(switches.map((s) => (s as HTMLInputElement).checked)).toEqual([false, false, true]);
    await user.click(within(dialog).getByRole('switch', { name: 'email' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'What partners may do' }));
    await user.click(await screen.findByRole('option', { name: 'Counts and aggregates only' }));
    const k = within(dialog).getByRole('textbox', { name: 'Minimum group size (k)' });
    await user.clear(k);
    await user.type(k, '1');
    expect(within(dialog).getByText('A whole number from 2 to 100,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save the rule' })).toBeDisabled();
    await user.clear(k);
    await user.type(k, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save the rule' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      roomId: ROOM_ID,
      datasetId: MINE,
      partnerAccess: 'aggregates',
      minGroupSize: 25,
      sharedColumns: ['city', 'email'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Analysis rule of customers' })).toBeNull());
    // typing into MUI fields is slow in happy-dom on a loaded machine
  }, 40_000);

  it('hands the keys of shared columns sealed with the set’s secret to members who lack them', async () => {
    givenAnalyses({
      keysToSeal: [
        { datasetId: MINE, column: 'email', userId: GUEST_ID, publicKeyId: KEY_B.id, publicKey: KEY_B.publicPem },
      ],
    });
    const grants: { datasetId: string; keys: { column: string; userId: string; sealedKey: string }[] }[] = [];
    server.use(
      graphql.mutation(GrantColumnKeysDocument, ({ variables }) => {
        grants.push(variables.input as (typeof grants)[number]);
        return HttpResponse.json({ data: { grantColumnKeys: variables.input.keys.length } });
      }),
    );
    await openRoom();
    await waitFor(() => expect(grants).toHaveLength(1));
    expect(grants[0]).toMatchObject({ datasetId: MINE, keys: [{ column: 'email', userId: GUEST_ID }] });
    expect(await opened(grants[0].keys[0].sealedKey, 'email')).toBe(await withheldKey('email'));
  });

  it('a report the rule refuses says why before any charge is confirmed, and offers to ask the uploader', async () => {
    givenAnalyses({});
    const asked: unknown[] = [];
    let reports = 0;
    server.use(
      graphql.mutation(CreateReportDocument, () => {
        reports += 1;
        return HttpResponse.json({
          errors: [
            {
              message:
                '"leads" is shared for matches only (rule "matches"): a report must join it with one of your own data sets',
              extensions: { code: 'ANALYSIS_RULE' },
            },
          ],
        });
      }),
      graphql.mutation(RequestDatasetAccessDocument, ({ variables }) => {
        asked.push(variables.input);
        return HttpResponse.json({
          data: {
            requestDatasetAccess: request({ mine: true, toDecide: false, datasetId: THEIRS, datasetName: 'leads' }),
          },
        });
      }),
    );
    const { user } = await openRoom();
    expect(screen.getByRole('row', { name: /leads/ })).toHaveTextContent('Partners: matches · k = 10');
    await user.click(screen.getByRole('checkbox', { name: 'Select leads' }));
    await user.click(screen.getByRole('button', { name: 'Report' }));
    // no "To Continue 1 IPT Token will be deducted" first: the rule is checked before the charge
    const refused = await screen.findByRole('alertdialog', { name: 'Not allowed by the data set’s rule' });
    expect(screen.queryByText('To Continue 1 IPT Token will be deducted')).toBeNull();
    expect(refused).toHaveTextContent('shared for matches only (rule "matches")');
    expect(refused).toHaveTextContent('Nothing was charged.');
    expect(reports).toBe(0);
    await user.click(within(refused).getByRole('button', { name: 'Request access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request access' });
    // the set's withheld columns, to choose from
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['mail', 'score', 'note']);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why you need it');
    await user.click(within(dialog).getByRole('checkbox', { name: 'note' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Why you need it/ }), 'Our joint campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(/^Sent\./)).toBeInTheDocument();
    expect(asked).toEqual([
      { roomId: ROOM_ID, datasetIds: [THEIRS], sqlWhere: null, columns: ['note'], reason: 'Our joint campaign' },
    ]);
  });

  it("says whose sets will appear beside yours: the guest's to the owner, the owner's to the guest", async () => {
    givenAnalyses({});
    const { unmount } = await openRoom('owner', []);
    expect(screen.getByText(/^No data sets yet\./)).toHaveTextContent('your guest’s sets appear here too');
    unmount();
    await openRoom('guest', []);
    const empty = screen.getByText(/^No data sets yet\./);
    expect(empty).toHaveTextContent('the room owner’s sets appear here too');
    expect(empty).not.toHaveTextContent('guest');
  });

  it('lists the audit log newest first, with counts hidden or suppressed, a page at a time', async () => {
    const pages: number[] = [];
    givenAnalyses({
      audit: (page) => {
        pages.push(page);
        return page === 1
          ? {
              entries: [
                entry({
                  action: 'aggregate',
                  unit: 'groups',
                  count: null,
                  hidden: true,
                  description: 'Count by city of customers, over customers',
                }),
                entry({ action: 'join', count: null }),
                entry({
                  action: 'rule-changed',
                  unit: null,
                  count: null,
                  description: 'Rule of customers: partner access matches → full',
                }),
              ],
              total: 13,
              page: 1,
              pages: 2,
            }
          : {
              entries: [
                entry({ action: 'compare', unit: 'overlaps', count: 1, description: 'Compare of leads and customers' }),
              ],
              total: 13,
              page: 2,
              pages: 2,
            };
      },
    });
    const { user } = await openRoom();
    const log = await screen.findByRole('list', { name: 'Audit log' });
    await within(log).findByText('Count by city of customers, over customers');
    const items = within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^Aggregate.*Result: too few rows of another member’s data to show you$/);
    expect(items[1]).toMatch(/^Join count.*Result: suppressed \(fewer rows than a minimum group size\)$/);
    expect(items[2]).toMatch(/^Rule changed.*partner access matches → full$/);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Compare of leads and customers', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Result: 1 overlap')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pages).toContain(2);
  });
});
