import { useMutation } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import {
  CreateRequestFromWizardDocument,
  UpdateRequestFromWizardDocument,
  type RequestWizard_RequestFragment,
} from '../requests.generated';
import type { RequestKind } from '../../../gql/types';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { isWalletError } from '../../../wallet/wallet-errors';
import { NOT_ENOUGH_TOKENS, PURCHASE_TOKENS, wholeIpt, type WizardValues } from '../request-form';

// `purchase`: too little prepaid credit; the dialog then links to the pricing page
export type SaveFailure = { title: string; message: string; purchase?: boolean };

export type SaveResult = { ok: true; request: RequestWizard_RequestFragment } | { ok: false; failure: SaveFailure };

// Saving from the wizard (spec s.4 "Submit with payment"). A draft is saved as it is. Publishing
// funds the request's escrow from the wallet first (balance >= Total IPTs, escrow created, tokens
// moved) and only then saves it with the escrow and signer; any failure saves nothing and says why.
// Raising a published request's Total IPTs first moves the difference into its escrow. Paying with
// prepaid credit skips the wallet: the server debits the credit, has the platform's treasury create
// (or top up) the escrow, and publishes once it is on-chain.
export function useSaveRequest(type: RequestKind, existing: RequestWizard_RequestFragment | null) {
  const [createRequest] = useMutation(CreateRequestFromWizardDocument);
  const [updateRequest] = useMutation(UpdateRequestFromWizardDocument);
  // One id per wizard: a retry after a failed save finds the escrow it already funded.
  const newId = useRef<string | null>(null);

  return useCallback(
    async (values: WizardValues): Promise<SaveResult> => {
      const published = existing?.status === 1;
      const locked = (existing?.responseCount ?? 0) > 0;
      const publish = !published && !values.draft;
      const amount = wholeIpt(values.bonusAmount) ?? 0;
      const bonusEach = wholeIpt(values.bonusEach) ?? 0;
      try {
        let publishing: { id: string; escrow: { escrowAddress: string; signerAddress: string } | null } | null = null;
        if (publish) {
          const requestId = existing?.id ?? (newId.current ??= crypto.randomUUID());
          if (values.payWith === 'CREDIT') publishing = { id: requestId, escrow: null };
          else {
            // the wallet code loads when a wallet-funded request is published (not with the wizard)
            const { fundRequestEscrow } = await import('../../../wallet/escrow');
            const funded = await fundRequestEscrow({ requestId, amount, bonusEach });
            publishing = {
              id: requestId,
              escrow: { escrowAddress: funded.escrowAddress, signerAddress: funded.signer },
            };
          }
        } else if (
          published &&
          existing.funding === 'WALLET' &&
          existing.escrowAddress &&
          amount > existing.bonusAmount
        ) {
          const { topUpRequestEscrow } = await import('../../../wallet/escrow');
          await topUpRequestEscrow({ escrowAddress: existing.escrowAddress, amount: amount - existing.bonusAmount });
        }
        // the input builders load with the first save, not with the wizard
        const { createInput, updateInput } = await import('../request-inputs');
        if (existing) {
          const input = updateInput(type, values, publishing, { published, locked });
          const { data } = await updateRequest({ variables: { id: existing.id, input } });
          if (!data) throw new Error('The server did not answer with the saved request.');
          return { ok: true, request: data.updateRequest };
        }
        const input = createInput(type, values, publishing);
        const { data } = await createRequest({ variables: { input } });
        if (!data) throw new Error('The server did not answer with the saved request.');
        return { ok: true, request: data.createRequest };
      } catch (error) {
        if (isWalletError(error)) return { ok: false, failure: { title: error.title, message: error.message } };
        const apiError = toApiError(error);
        if (apiError.code === 'INSUFFICIENT_CREDIT') {
          return { ok: false, failure: { title: PURCHASE_TOKENS, message: NOT_ENOUGH_TOKENS, purchase: true } };
        }
        return { ok: false, failure: { title: 'The request was not saved', message: apiError.message } };
      }
    },
    [createRequest, existing, type, updateRequest],
  );
}
