import { useApolloClient } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import type { RequestKind } from '../../../gql/types';
import type { RequestWizard_RequestFragment } from '../requests.generated';
import type { WizardValues } from '../request-form';

// `purchase`: too little prepaid credit; the dialog then links to the pricing page
export type SaveFailure = { title: string; message: string; purchase?: boolean };

// `retentionFailed`: the request was published but its keeping period could not be saved (a sentence)
export type SaveResult =
  { ok: true; request: RequestWizard_RequestFragment; retentionFailed?: string } | { ok: false; failure: SaveFailure };

// Saving from the wizard (save-request.ts says how). That code loads with Finish, not with the
// wizard: the wizard's first screen is at its JS budget.
export function useSaveRequest(type: RequestKind, existing: RequestWizard_RequestFragment | null) {
  const client = useApolloClient();
  // One id per wizard: a retry after a failed save finds the escrow it already funded.
  const newId = useRef<string | null>(null);
  return useCallback(
    async (values: WizardValues): Promise<SaveResult> => {
      try {
        const { saveRequest } = await import('./save-request');
        return await saveRequest(client, { type, existing, newId }, values);
      } catch {
        // only the import throws: saveRequest answers every failure itself
        return {
          ok: false,
          failure: { title: 'The request was not saved', message: 'The page could not load. Reload it and try again.' },
        };
      }
    },
    [client, existing, type],
  );
}
