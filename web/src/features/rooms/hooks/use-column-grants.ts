import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { ColumnKeysToSealDocument, GrantColumnKeysDocument } from '../datasets.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { sealWithheldColumnKey, type OwnDataset } from '../column-grants';

const POLL_MS = 15_000;

// While the uploader has the room open, their browser hands the keys of columns they share (or
// all columns, under "everything") to every member who lacks them: a member who joined later, or
// a column shared after the upload. Like the automatic first guest of the key exchange, it needs
// the uploader's private key, so it happens here and nowhere else.
export function useColumnGrants(roomId: string, me: string, datasets: readonly OwnDataset[]) {
  const query = useQuery(ColumnKeysToSealDocument, { variables: { roomId }, pollInterval: POLL_MS });
  const [grant] = useMutation(GrantColumnKeysDocument);
  const [error, setError] = useState<string | null>(null);
  const attempted = useRef(new Set<string>());
  const todo = query.data?.columnKeysToSeal ?? [];
  const signature = todo.map((k) => `${k.datasetId}|${k.column}|${k.userId}|${k.publicKeyId}`).join(',');
  const { refetch } = query;

  useEffect(() => {
    const fresh = todo.filter((k) => !attempted.current.has(`${k.datasetId}|${k.column}|${k.userId}|${k.publicKeyId}`));
    if (!fresh.length) return;
    for (const k of fresh) attempted.current.add(`${k.datasetId}|${k.column}|${k.userId}|${k.publicKeyId}`);
    const run = async () => {
      for (const datasetId of new Set(fresh.map((k) => k.datasetId))) {
        const dataset = datasets.find((d) => d.id === datasetId);
        if (!dataset) continue;
        const keys = await Promise.all(
          fresh
            .filter((k) => k.datasetId === datasetId)
            .map(async (k) => ({
              userId: k.userId,
              column: k.column,
              publicKeyId: k.publicKeyId,
              sealedKey: await sealWithheldColumnKey(
                dataset,
                k.column,
                { roomId, userId: k.userId, publicKeyPem: k.publicKey },
                me,
              ),
            })),
        );
        await grant({ variables: { input: { roomId, datasetId, keys } } });
      }
      await refetch();
    };
    run().catch((failure: unknown) =>
      setError(
        `The keys of your shared columns could not be given to your partners: ${
          failure instanceof Error && failure.name === 'ColumnKeyError' ? failure.message : toApiError(failure).message
        }`,
      ),
    );
    // `todo` is summarised by its signature
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, datasets, roomId, me, grant, refetch]);

  return { error };
}
