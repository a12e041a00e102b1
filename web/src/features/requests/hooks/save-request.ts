import type { ApolloClient } from '@apollo/client';
import type { RequestKind } from '../../../gql/types';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { isWalletError } from '../../../wallet/wallet-errors';
import { NOT_ENOUGH_TOKENS, PURCHASE_TOKENS, wholeIpt, wizardValuesOf, type WizardValues } from '../request-form';
import { createInput, updateInput } from '../request-inputs';
import {
  CreateRequestFromWizardDocument,
  UpdateRequestFromWizardDocument,
  type RequestWizard_RequestFragment,
} from '../requests.generated';
import { SetWizardRetentionDocument } from '../wizard-retention.generated';
import type { SaveResult } from './use-save-request';

type Saving = {
  type: RequestKind;
  existing: RequestWizard_RequestFragment | null;
  // one id per wizard: a retry after a failed save finds the escrow it already funded
  newId: { current: string | null };
};

// Saving from the wizard (spec s.4 "Submit with payment"). A draft is saved as it is. Publishing
// funds the request's escrow from the wallet first (balance >= Total IPTs, escrow created, tokens
// moved) and only then saves it with the escrow and signer; any failure saves nothing and says why.
// Raising a published request's Total IPTs first moves the difference into its escrow. Paying with
// prepaid credit skips the wallet: the server debits the credit, has the platform's treasury create
// (or top up) the escrow, and publishes once it is on-chain. Publishing also saves the keeping
// period participants are shown (validated on the Preview step).
export async function saveRequest(
  client: ApolloClient,
  { type, existing, newId }: Saving,
  values: WizardValues,
): Promise<SaveResult> {
  const published = existing?.status === 1;
  const locked = (existing?.responseCount ?? 0) > 0;
  const publish = !published && !values.draft;
  const days = publish ? Number(values.retentionDays) : null;
  const setRetention = (requestId: string, d: number) =>
    client.mutate({ mutation: SetWizardRetentionDocument, variables: { requestId, days: d } });
  try {
    const publishing = publish ? await fund(existing?.id ?? (newId.current ??= crypto.randomUUID()), values) : null;
    if (!publish && published && existing.funding === 'WALLET' && existing.escrowAddress) {
      const more = (wholeIpt(values.bonusAmount) ?? 0) - existing.bonusAmount;
      if (more > 0) {
        const { topUpRequestEscrow } = await import('../../../wallet/escrow');
        await topUpRequestEscrow({ escrowAddress: existing.escrowAddress, amount: more });
      }
    }
    if (existing) {
      // a draft gets its period before it is published: a failure here publishes nothing
      if (days !== null) await setRetention(existing.id, days);
      const input = updateInput(type, values, publishing, {
        published,
        locked,
        before: locked ? wizardValuesOf(existing) : undefined,
      });
      const { data } = await client.mutate({
        mutation: UpdateRequestFromWizardDocument,
        variables: { id: existing.id, input },
      });
      if (!data) throw new Error('The server did not answer with the saved request.');
      return { ok: true, request: data.updateRequest };
    }
    const input = createInput(type, values, publishing);
    const { data } = await client.mutate({ mutation: CreateRequestFromWizardDocument, variables: { input } });
    if (!data) throw new Error('The server did not answer with the saved request.');
    if (days === null) return { ok: true, request: data.createRequest };
    // a new request exists only now; published already, so a failure is reported, not undone
    try {
      await setRetention(data.createRequest.id, days);
      return { ok: true, request: data.createRequest };
    } catch (error) {
      const retentionFailed = `Its keeping period was not saved (${toApiError(error).message}): choose it on the request's page before participants answer.`;
      return { ok: true, request: data.createRequest, retentionFailed };
    }
  } catch (error) {
    if (isWalletError(error)) return { ok: false, failure: { title: error.title, message: error.message } };
    const apiError = toApiError(error);
    if (apiError.code === 'INSUFFICIENT_CREDIT') {
      return { ok: false, failure: { title: PURCHASE_TOKENS, message: NOT_ENOUGH_TOKENS, purchase: true } };
    }
    return { ok: false, failure: { title: 'The request was not saved', message: apiError.message } };
  }
}

// The escrow a publish pays into: prepaid credit leaves it to the server; the wallet funds it here.
async function fund(requestId: string, values: WizardValues) {
  if (values.payWith === 'CREDIT') return { id: requestId, escrow: null };
  // the wallet code loads when a wallet-funded request is published (not with the wizard)
  const { fundRequestEscrow } = await import('../../../wallet/escrow');
  const funded = await fundRequestEscrow({
    requestId,
    amount: wholeIpt(values.bonusAmount) ?? 0,
    bonusEach: wholeIpt(values.bonusEach) ?? 0,
  });
  return { id: requestId, escrow: { escrowAddress: funded.escrowAddress, signerAddress: funded.signer } };
}
