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
  AggregateDatasetsDocument,
  ColumnKeysToSealDocument,
  CompareDatasetsDocument,
  CreateReportDocument,
  DatasetPrivacySpendDocument,
  JoinPreviewDocument,
  SetColumnRoleDocument,
  UpdateDatasetPrivacyDocument,
  GrantColumnKeysDocument,
  UpdateDatasetRuleDocument,
  type DatasetList_DatasetFragment,
} from '../datasets.generated';
import { RoomPublicKeyDocument } from '../room.generated';
import { buildProfile } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildMember, buildRoom, givenKeyChoices, givenRoom, GUEST_ID, OWNER_ID, ROOM_ID } from '../../../test/rooms';
import { enterText } from '../../../test/enter-text';

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
  partnerRole: shared ? 'shared' : role === 'join' ? 'joinOnly' : 'private',
  lower: null,
  upper: null,
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
    privacy: {
      __typename: 'DatasetPrivacy' as const,
      enabled: false,
      budget: 3,
      queryCost: 0.2,
      mechanism: 'discreteLaplace',
    },
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
      privacy: { ...base.privacy, enabled: true },
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

/** A set's budget as DatasetPrivacySpend answers it: a partner's own spending, or every partner's. */
function spendOf(
  datasetId: string,
  options: { yours?: number; partners?: { name: string; spent: number; queriesRemaining: number }[] },
) {
  const spend = (name: string, spent: number, queriesRemaining: number) => ({
    __typename: 'PartnerSpend' as const,
    userId: name === 'you' ? OWNER_ID : GUEST_ID,
    name,
    spent,
    remaining: 3 - spent,
    queriesRemaining,
  });
  return {
    __typename: 'PrivacySpend' as const,
    datasetId,
    enabled: true,
    budget: 3,
    queryCost: 0.2,
    mechanism: 'discreteLaplace',
    yours: options.yours === undefined ? null : spend('you', 3 - options.yours * 0.2, options.yours),
    partners: (options.partners ?? []).map((p) => spend(p.name, p.spent, p.queriesRemaining)),
  };
}

/** Answers a partner's access request to leads, keeping what was asked. */
const requestAnswered = (asked: unknown[]) =>
  graphql.mutation(RequestDatasetAccessDocument, ({ variables }) => {
    asked.push(variables.input);
    return HttpResponse.json({
      data: {
        requestDatasetAccess: request({ mine: true, toDecide: false, datasetId: THEIRS, datasetName: 'leads' }),
      },
    });
  });

function givenAnalyses(options: {
  requests?: AccessRequestList_RequestFragment[];
  keysToSeal?: { datasetId: string; column: string; userId: string; publicKeyId: string; publicKey: string }[];
  audit?: (page: number) => Omit<RoomAuditQuery['roomAudit'], 'entries'> & { entries: AuditEntry[] };
  // what DatasetPrivacySpend answers, each time it is asked
  spend?: (datasetId: string) => ReturnType<typeof spendOf>;
}) {
  server.use(
    graphql.query(DatasetPrivacySpendDocument, ({ variables }) =>
      HttpResponse.json({
        data: { datasetPrivacySpend: options.spend?.(variables.datasetId) ?? spendOf(variables.datasetId, {}) },
      }),
    ),
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
    await enterText(user, within(list).getByRole('textbox', { name: /Why not/ }), '  Not for this campaign ');
    await user.click(within(list).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(declined).toHaveLength(1));
    expect(declined[0]).toEqual({ roomId: ROOM_ID, requestId: request().id, note: 'Not for this campaign' });
    expect(approved).toEqual([]);
  });

  it('the uploader changes a set’s rule later: access, k (checked), column roles and the budget', async () => {
    givenAnalyses({
      spend: (id) => spendOf(id, { partners: [{ name: 'Grace', spent: 2.8, queriesRemaining: 1 }] }),
    });
    const saved: unknown[] = [];
    const roles: unknown[] = [];
    const privacy: unknown[] = [];
    server.use(
      graphql.mutation(UpdateDatasetRuleDocument, async ({ variables }) => {
        saved.push(variables.input);
        const [mine] = await datasets();
        return HttpResponse.json({
          data: { updateDatasetRule: { ...mine, partnerAccess: 'aggregates', minGroupSize: 25 } },
        });
      }),
      graphql.mutation(SetColumnRoleDocument, async ({ variables }) => {
        roles.push(variables.input);
        const [mine] = await datasets();
        return HttpResponse.json({ data: { setColumnRole: mine } });
      }),
      graphql.mutation(UpdateDatasetPrivacyDocument, async ({ variables }) => {
        privacy.push(variables.input);
        const [mine] = await datasets();
        return HttpResponse.json({ data: { updateDatasetPrivacy: mine } });
      }),
    );
    const { user } = await openRoom();
    // only the uploader's own set offers it
    expect(screen.queryByRole('button', { name: 'Change the rule of leads' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the rule of customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analysis rule of customers' });
    const roleOf = (name: string) =>
      within(dialog).getByRole('combobox', { name: `What partners may do with ${name}` }).textContent;
    expect(['email', 'name', 'city'].map(roleOf)).toEqual(['Join only', 'Private', 'Shared']);
    // what each partner has spent, in epsilon and in queries
    expect(await within(dialog).findByText('Grace: spent 2.8 of 3 epsilon, 1 query remaining')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'What partners may do with email' }));
    await user.click(await screen.findByRole('option', { name: 'Shared' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'What partners may do with city' }));
    await user.click(await screen.findByRole('option', { name: 'Sum and average' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Lower bound of city' }), '5');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Upper bound of city' }), '1');
    expect(within(dialog).getByText('Above the lower bound')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save the rule' })).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Upper bound of city' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Upper bound of city' }), '50');
    await user.click(within(dialog).getByRole('combobox', { name: 'What partners may do' }));
    await user.click(await screen.findByRole('option', { name: 'Counts and aggregates only' }));
    const k = within(dialog).getByRole('textbox', { name: 'Minimum group size (k)' });
    await user.clear(k);
    await enterText(user, k, '1');
    expect(within(dialog).getByText('A whole number from 2 to 100,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save the rule' })).toBeDisabled();
    await user.clear(k);
    await enterText(user, k, '25');
    // the set has no noise yet: turned on, with a budget of 6 (30 counts at 0.2)
    await user.click(
      within(dialog).getByRole('switch', { name: 'Add noise to what partners receive (differential privacy)' }),
    );
    const budget = within(dialog).getByRole('textbox', { name: 'Privacy budget per partner (epsilon)' });
    await user.clear(budget);
    await enterText(user, budget, '6');
    expect(within(dialog).getByRole('note', { name: 'Privacy budget in words' })).toHaveTextContent(
      /^Your partner can run about 30 counts before the budget is spent\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save the rule' }));
    await waitFor(() => expect(privacy).toHaveLength(1));
    expect(saved).toEqual([{ roomId: ROOM_ID, datasetId: MINE, partnerAccess: 'aggregates', minGroupSize: 25 }]);
    // only the columns that changed
    expect(roles).toEqual([
      { roomId: ROOM_ID, datasetId: MINE, column: 'email', partnerRole: 'shared', lower: null, upper: null },
      { roomId: ROOM_ID, datasetId: MINE, column: 'city', partnerRole: 'metric', lower: 5, upper: 50 },
    ]);
    expect(privacy).toEqual([{ roomId: ROOM_ID, datasetId: MINE, enabled: true, budget: 6, queryCost: 0.2 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Analysis rule of customers' })).toBeNull());
    // typing into MUI fields is slow in happy-dom on a loaded machine
  }, 60_000);

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
      requestAnswered(asked),
    );
    const { user } = await openRoom();
    expect(screen.getByRole('row', { name: /leads/ })).toHaveTextContent('Partners: matches · k = 10');
    // a partner's columns say what the partner may do; the uploader's, every role
    expect(screen.getByRole('row', { name: /leads/ })).toHaveTextContent('score (clear, withheld)');
    expect(screen.getByRole('row', { name: /leads/ })).toHaveTextContent('mail (join: email, join only)');
    expect(screen.getByRole('row', { name: /customers/ })).toHaveTextContent('name (sealed, private)');
    expect(screen.getByRole('row', { name: /customers/ })).toHaveTextContent('city (clear, shared)');
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
    await enterText(user, within(dialog).getByRole('textbox', { name: /Why you need it/ }), 'Our joint campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(/^Sent\./)).toBeInTheDocument();
    expect(asked).toEqual([
      { roomId: ROOM_ID, datasetIds: [THEIRS], sqlWhere: null, columns: ['note'], reason: 'Our joint campaign' },
    ]);
  });

  it('an aggregate over a partner’s noisy set shows each value with its interval, and the queries remaining', async () => {
    let left = 3;
    givenAnalyses({ spend: (id) => spendOf(id, { yours: left }) });
    const charge = (remaining: number) => ({
      __typename: 'PrivacyCharge' as const,
      datasetId: THEIRS,
      name: 'leads',
      epsilonSpent: 0.2,
      budget: 3,
      spent: 3 - remaining * 0.2,
      remaining: remaining * 0.2,
      queriesRemaining: remaining,
    });
    const result = {
      __typename: 'AggregateResult' as const,
      description: 'Count of leads',
      noisy: true,
      mechanism: 'discreteLaplace',
      epsilonSpent: 0.2,
      privacy: [charge(2)],
      columns: [
        { __typename: 'AggregateColumn', kind: 'measure', name: 'count', fn: 'count', set: null, column: null },
      ],
      groups: [
        {
          __typename: 'AggregateGroup',
          keys: [],
          values: [30],
          suppressed: false,
          intervals: [{ __typename: 'ValueInterval', low: 26, high: 34 }],
        },
      ],
      thresholds: [],
    };
    server.use(
      graphql.query(AggregateDatasetsDocument, () => {
        left = 2;
        return HttpResponse.json({ data: { aggregateDatasets: result } });
      }),
    );
    const { user } = await openRoom();
    await user.click(screen.getByRole('checkbox', { name: 'Select leads' }));
    // before anything runs: what is left
    expect(await screen.findByText('leads: 3 queries remaining before its privacy budget is spent.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Aggregate' }));
    await user.click(await screen.findByRole('button', { name: 'Run aggregate' }));
    const table = await screen.findByRole('table', { name: 'Aggregate groups' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['count', 'about 30 (26-34, 95% interval)']);
    const note = screen.getByRole('note', { name: 'Noisy answer' });
    expect(note).toHaveTextContent(/^Noisy: random noise was added to protect the people in leads/);
    expect(note).toHaveTextContent('leads: 2 queries remaining before its privacy budget is spent.');
    // and the count before the next run follows
    await waitFor(() =>
      expect(within(screen.getByRole('status', { name: 'Queries remaining' })).getByText(/^leads: /)).toHaveTextContent(
        'leads: 2 queries remaining',
      ),
    );
  }, 40_000);

  it('a noisy join count reads as rows with its interval, and says what is left', async () => {
    givenAnalyses({ spend: (id) => spendOf(id, { yours: 9 }) });
    const preview = {
      __typename: 'JoinPreview',
      matchCount: 18,
      suppressed: false,
      noisy: true,
      mechanism: 'discreteLaplace',
      epsilonSpent: 0.2,
      matchCountInterval: { __typename: 'ValueInterval', low: 3, high: 33 },
      privacy: [
        {
          __typename: 'PrivacyCharge',
          datasetId: THEIRS,
          name: 'leads',
          epsilonSpent: 0.2,
          budget: 3,
          spent: 1.4,
          remaining: 1.6,
          queriesRemaining: 8,
        },
      ],
      columns: [],
    };
    server.use(
      graphql.query(JoinPreviewDocument, () =>
        HttpResponse.json({
          data: {
            joinDatasets: preview,
          },
        }),
      ),
    );
    const { user } = await openRoom();
    await user.click(screen.getByRole('checkbox', { name: 'Select customers' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select leads' }));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('leads: 9 queries remaining before its privacy budget is spent.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Count matches' }));
    expect(await screen.findByText('about 18 (3-33, 95% interval) matching rows')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('note', { name: 'Noisy answer' })).toHaveTextContent(
      'leads: 8 queries remaining before its privacy budget is spent.',
    );
  }, 40_000);

  it('a noisy Compare lists each count with its interval', async () => {
    givenAnalyses({ spend: (id) => spendOf(id, { yours: 9 }) });
    const interval = (low: number, high: number) => ({ __typename: 'ValueInterval' as const, low, high });
    const overlap = {
      __typename: 'Overlap',
      domain: 'email',
      datasetIds: [MINE, THEIRS],
      onlyA: 12,
      both: 19,
      onlyB: -2,
      suppressed: false,
      noisy: true,
      mechanism: 'discreteLaplace',
      epsilonSpent: 0.2,
      privacy: [],
      onlyAInterval: interval(-3, 27),
      bothInterval: interval(4, 34),
      onlyBInterval: interval(-17, 13),
    };
    server.use(
      graphql.query(CompareDatasetsDocument, () => HttpResponse.json({ data: { compareDatasets: [overlap] } })),
    );
    const { user } = await openRoom();
    await user.click(screen.getByRole('checkbox', { name: 'Select customers' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select leads' }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const counts = await screen.findByRole('list', { name: 'Counts for email: customers and leads' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Only in customers: about 12 (-3 to 27, 95% interval)',
      'In both: about 19 (4-34, 95% interval)',
      'Only in leads: about -2 (-17 to 13, 95% interval)',
    ]);
    expect(screen.getByRole('note', { name: 'Noisy answer' })).toHaveTextContent('95% interval');
  }, 40_000);

  it('a filter the rule refuses names the column and offers to request it', async () => {
    givenAnalyses({ spend: (id) => spendOf(id, { yours: 9 }) });
    const asked: unknown[] = [];
    server.use(
      graphql.query(AggregateDatasetsDocument, () =>
        HttpResponse.json({
          errors: [
            {
              message:
                'The column score of "leads" is private for partners: it cannot be grouped by. Request access to ask its uploader',
              extensions: { code: 'ANALYSIS_RULE', details: [{ path: 'score', message: 'leads: private' }] },
            },
          ],
        }),
      ),
      requestAnswered(asked),
    );
    const { user } = await openRoom();
    await user.click(screen.getByRole('checkbox', { name: 'Select leads' }));
    await user.click(screen.getByRole('button', { name: 'Aggregate' }));
    await user.click(await screen.findByRole('button', { name: 'Run aggregate' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(/^Stopped by the column score of leads \(private\)/);
    expect(refused).toHaveTextContent(
      'Request access to ask its uploader. Partners can do nothing with it: not see, filter, group, sum or join on it.',
    );
    await user.click(within(refused).getByRole('button', { name: 'Request access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request access' });
    // the refused column is the one asked for
    expect(within(dialog).getByRole('checkbox', { name: 'score' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'note' })).not.toBeChecked();
    await enterText(user, within(dialog).getByRole('textbox', { name: /Why you need it/ }), 'Scores by city');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(/^Sent\./)).toBeInTheDocument();
    expect(asked).toEqual([
      { roomId: ROOM_ID, datasetIds: [THEIRS], sqlWhere: null, columns: ['score'], reason: 'Scores by city' },
    ]);
  }, 40_000);

  it('a spent budget says so and offers no request: only the uploader can raise it', async () => {
    givenAnalyses({ spend: (id) => spendOf(id, { yours: 0 }) });
    server.use(
      graphql.query(AggregateDatasetsDocument, () =>
        HttpResponse.json({
          errors: [
            {
              message:
                'You have spent your privacy budget on "leads": it answers you no more counts or aggregates until its uploader raises the budget',
              extensions: { code: 'PRIVACY_BUDGET', details: [{ path: THEIRS, message: 'privacy budget spent' }] },
            },
          ],
        }),
      ),
    );
    const { user } = await openRoom();
    await user.click(screen.getByRole('checkbox', { name: 'Select leads' }));
    expect(await screen.findByText('leads: no queries remaining; its privacy budget is spent.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Aggregate' }));
    await user.click(await screen.findByRole('button', { name: 'Run aggregate' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(
      /^Privacy budget spentYou have spent your privacy budget on "leads": .* until its uploader raises the budget\. No queries remaining; nothing was spent on this one\.$/,
    );
    expect(within(refused).queryByRole('button', { name: 'Request access' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Aggregate groups' })).toBeNull();
  }, 40_000);

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
                entry({
                  action: 'role-changed',
                  unit: null,
                  count: null,
                  description: 'Column city of customers: private → shared',
                }),
                entry({
                  action: 'privacy-changed',
                  unit: null,
                  count: null,
                  description: 'Privacy of customers: budget 3 → 6 epsilon per partner',
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
    expect(items[3]).toMatch(/^Role changed.*Column city of customers: private → shared$/);
    expect(items[4]).toMatch(/^Privacy changed.*budget 3 → 6 epsilon per partner$/);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Compare of leads and customers', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Result: 1 overlap')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pages).toContain(2);
  });
});
