import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { savePrivateKey } from '../../../crypto/key-storage';
import { CreateKeyDocument, KeysDocument, type KeysTable_KeyFragment } from '../keys.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import type { KeyPairDraft } from '../key-pair-drafts';

export type SaveKeyPairResult =
  | { ok: true; keyId: string }
  // The server refused: nothing was stored anywhere.
  | { ok: false; stage: 'server'; message: string; fields: Record<string, string> }
  // The server holds the public key, but this browser could not keep the private one.
  | { ok: false; stage: 'browser'; message: string; keyId: string };

// Save = the public half to the server, then the private half to local storage under the id the
// server returned. The private key is never part of the request.
export function useSaveKeyPair() {
  const [saving, setSaving] = useState(false);
  const client = useApolloClient();
  const [createKey] = useMutation(CreateKeyDocument);

  // Listed only after the private half is stored, so the table shows where it lives right away.
  const addToList = useCallback(
    (key: KeysTable_KeyFragment) =>
      client.cache.updateQuery({ query: KeysDocument }, (existing) =>
        existing ? { ...existing, keys: [key, ...existing.keys.filter((other) => other.id !== key.id)] } : existing,
      ),
    [client],
  );

  const save = useCallback(
    async (title: string, draft: KeyPairDraft): Promise<SaveKeyPairResult> => {
      setSaving(true);
      try {
        let created: KeysTable_KeyFragment;
        try {
          const { data } = await createKey({
            variables: { input: { title: title.trim(), publicKey: draft.publicKeyPem, id: draft.keyId } },
          });
          if (!data) throw new Error('The server did not confirm the new key.');
          created = data.createKey;
        } catch (error) {
          const apiError = toApiError(error);
          return { ok: false, stage: 'server', message: apiError.message, fields: apiError.fields };
        }
        const keyId = created.id;
        try {
          savePrivateKey(keyId, draft.privateKeyPem);
        } catch {
          addToList(created);
          return {
            ok: false,
            stage: 'browser',
            keyId,
            message:
              'The public key was saved, but this browser could not store the private key. Download the private key file now and keep it safe.',
          };
        }
        addToList(created);
        return { ok: true, keyId };
      } finally {
        setSaving(false);
      }
    },
    [createKey, addToList],
  );

  return { save, saving };
}
