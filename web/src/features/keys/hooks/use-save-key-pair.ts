import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { savePrivateKey } from '../../../crypto/key-storage';
import { checkKeyPairMatches } from '../../../crypto/keys';
import { CreateKeyDocument, KeysDocument, RegisteredKeysDocument, type KeysTable_KeyFragment } from '../keys.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import type { KeyPairDraft } from '../key-pair-drafts';
import { notifyPrivateKeysChanged } from '../private-keys-changed';

export type SaveKeyPairResult =
  // alreadyRegistered: the account held the public half already; only this browser changed.
  | { ok: true; keyId: string; alreadyRegistered?: boolean }
  // The server refused: nothing was stored anywhere.
  | { ok: false; stage: 'server'; message: string; fields: Record<string, string> }
  // Refused before anything was stored, for a reason the message gives in full.
  | { ok: false; stage: 'refused'; message: string }
  // The server holds the public key, but this browser could not keep the private one.
  | { ok: false; stage: 'browser'; message: string; keyId: string };

export type RegisteredKey = { id: string; title: string; publicKey: string };

export const OTHER_ACCOUNT_MESSAGE =
  'This key pair is registered to another Parley account, so it cannot be used here. Sign in to that account to use it, or generate a new key pair for this one.';
const BROWSER_STORAGE_MESSAGE =
  'This browser could not store the private key (its storage is full or blocked). Keep your key files safe and try again.';

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

  // This account's key with that id, as the server has it now (null: not on this account).
  const findRegistered = useCallback(
    async (keyId: string): Promise<RegisteredKey | null> => {
      const { data } = await client.query({ query: RegisteredKeysDocument, fetchPolicy: 'network-only' });
      return data?.keys.find((key) => key.id === keyId) ?? null;
    },
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
          // Only reached for a key this account does not hold (see storeLoaded): someone else's.
          if (apiError.code === 'CONFLICT' && /already registered/.test(apiError.message)) {
            return { ok: false, stage: 'refused', message: OTHER_ACCOUNT_MESSAGE };
          }
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

  // A loaded pair: when this account registered it already, only its private half is stored in
  // this browser (nothing is sent), after checking it belongs to the registered public half.
  // Otherwise it is saved as a new key, which the server refuses when another account has it.
  const storeLoaded = useCallback(
    async (title: string, draft: KeyPairDraft, registered: RegisteredKey | null): Promise<SaveKeyPairResult> => {
      if (!registered) return save(title, draft);
      if (!(await checkKeyPairMatches(registered.publicKey, draft.privateKeyPem))) {
        return {
          ok: false,
          stage: 'refused',
          message: 'This private key does not belong to the public key registered under this id.',
        };
      }
      try {
        savePrivateKey(draft.keyId, draft.privateKeyPem);
      } catch {
        return { ok: false, stage: 'refused', message: BROWSER_STORAGE_MESSAGE };
      }
      notifyPrivateKeysChanged();
      return { ok: true, keyId: draft.keyId, alreadyRegistered: true };
    },
    [save],
  );

  return { save, storeLoaded, findRegistered, saving };
}
