// Test data and msw handlers for the request screens.
import { graphql, HttpResponse } from 'msw';
import {
  CreateRequestFromWizardDocument,
  RequestForWizardDocument,
  RequestKeyChoicesDocument,
  UpdateRequestFromWizardDocument,
  WizardCreditBalanceDocument,
  type RequestListRow_RequestFragment,
  type RequestWizard_RequestFragment,
} from '../requests.generated';
import type { CreateRequestInput, UpdateRequestInput } from '../../../gql/types';
import { graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { SetWizardRetentionDocument } from '../wizard-retention.generated';

export const KEYS = [
  { __typename: 'Key' as const, id: 'aa'.repeat(16), title: 'Main key' },
  { __typename: 'Key' as const, id: 'bb'.repeat(16), title: 'Backup key' },
];

// The wizard reads the keys and the prepaid credit it offers to pay with (none unless given).
export function givenWizardKeys(keys = KEYS) {
  server.use(graphql.query(RequestKeyChoicesDocument, () => HttpResponse.json({ data: { keys } })));
  givenCreditBalance(0);
}

export function givenCreditBalance(creditBalance: number) {
  server.use(graphql.query(WizardCreditBalanceDocument, () => HttpResponse.json({ data: { creditBalance } })));
}

let seq = 0;
const uuid = (n: number) => `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function buildWizardRequest(
  overrides: Partial<RequestWizard_RequestFragment> = {},
): RequestWizard_RequestFragment & { __typename: 'Request' } {
  seq += 1;
  return {
    __typename: 'Request',
    id: uuid(seq),
    type: 'collection',
    title: 'Sleep study',
    description: 'Nightly sleep hours',
    keyId: KEYS[0].id,
    quality: 'high',
    access: 'Multiple Access',
    bonusAmount: 20,
    bonusEach: 2,
    status: 0,
    responseCount: 0,
    escrowAddress: null,
    signerAddress: null,
    funding: 'WALLET',
    payAfterReview: false,
    reviewDays: 7,
    options: {
      __typename: 'CollectionOptions',
      healthData: true,
      locationData: false,
      profileData: true,
      idData: false,
      personalImages: false,
    },
    questions: null,
    language: 'en',
    translations: [],
    questionTranslations: [],
    ...overrides,
  } as RequestWizard_RequestFragment & { __typename: 'Request' };
}

type WizardQuestion = NonNullable<RequestWizard_RequestFragment['questions']>[number];

/** A saved survey question as the wizard's query returns it: every field, none of the extras set. */
export function buildWizardQuestion(overrides: Partial<WizardQuestion> = {}): WizardQuestion {
  return {
    __typename: 'SurveyQuestion',
    id: 'q1',
    type: 'radios',
    title: 'Often?',
    shuffleOptions: false,
    choices: ['Yes', 'No'],
    scale: null,
    shape: null,
    required: false,
    min: null,
    max: null,
    unit: null,
    rows: null,
    block: null,
    logic: null,
    ...overrides,
  } as WizardQuestion;
}

export function buildListRow(
  overrides: Partial<RequestListRow_RequestFragment> = {},
): RequestListRow_RequestFragment & { __typename: 'Request' } {
  seq += 1;
  return {
    __typename: 'Request',
    id: uuid(seq),
    type: 'survey',
    typeName: 'Survey',
    title: `Survey ${seq}`,
    description: `About ${seq}`,
    keyId: KEYS[0].id,
    status: 1,
    closedAt: null,
    questionCount: 2,
    responseCount: 3,
    bonusAmount: 10,
    createdAt: '2026-01-02T10:00:00.000Z',
    lastModified: '2026-01-03T11:00:00.000Z',
    ...overrides,
  };
}

type SaveCalls = {
  create: CreateRequestInput[];
  update: { id: string; input: UpdateRequestInput }[];
  // the keeping periods chosen, in the order of every save call (create, update, retention)
  retention: { requestId: string; days: number }[];
  order: string[];
};

// The requests the wizard's query answers, by id: an update answers with the request it changed.
// Never stale: the wizard updates only a request it loaded, which the same test gave it.
const givenRequests = new Map<string, RequestWizard_RequestFragment>();

// Records every save; answers like the server (the saved request), or with an error when given.
export function recordSaves(
  options: {
    fail?: { code: string; message: string };
    hold?: Promise<void>;
    failRetention?: { code: string; message: string };
  } = {},
): SaveCalls {
  const calls: SaveCalls = { create: [], update: [], retention: [], order: [] };
  server.use(
    graphql.mutation(SetWizardRetentionDocument, ({ variables }) => {
      calls.retention.push({ requestId: variables.requestId, days: variables.days });
      calls.order.push('retention');
      if (options.failRetention) return graphQLError(options.failRetention.code, options.failRetention.message);
      return HttpResponse.json({
        data: {
          setRequestRetention: { requestId: variables.requestId, days: variables.days },
        },
      });
    }),
    graphql.mutation(CreateRequestFromWizardDocument, async ({ variables }) => {
      calls.create.push(variables.input);
      calls.order.push('create');
      await options.hold;
      if (options.fail) return graphQLError(options.fail.code, options.fail.message);
      const { input } = variables;
      return HttpResponse.json({
        data: {
          createRequest: buildWizardRequest({
            id: input.id ?? uuid(999),
            type: input.type,
            title: input.title,
            status: input.status,
            escrowAddress: input.escrowAddress ?? null,
            signerAddress: input.signerAddress ?? null,
          }),
        },
      });
    }),
    graphql.mutation(UpdateRequestFromWizardDocument, ({ variables }) => {
      calls.update.push({ id: variables.id, input: variables.input });
      calls.order.push('update');
      if (options.fail) return graphQLError(options.fail.code, options.fail.message);
      const given = givenRequests.get(variables.id);
      return HttpResponse.json({
        data: {
          updateRequest: buildWizardRequest({
            ...given,
            id: variables.id,
            title: variables.input.title ?? given?.title ?? 'x',
            status: variables.input.status ?? given?.status ?? 1,
          }),
        },
      });
    }),
  );
  return calls;
}

export function givenRequestForWizard(request: RequestWizard_RequestFragment) {
  givenRequests.set(request.id, request);
  server.use(
    graphql.query(RequestForWizardDocument, ({ variables }) =>
      variables.id === request.id
        ? HttpResponse.json({ data: { request } })
        : graphQLError('NOT_FOUND', 'Request not found'),
    ),
  );
}
