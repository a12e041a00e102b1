import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { ApproveResponsesDocument, RejectResponsesDocument } from '../responses.generated';

export type Review = {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  select: (ids: readonly string[]) => void;
  clear: () => void;
  busy: boolean;
  error: string | null;
  // the rows a Reject dialog is open for, with the reason it offers
  rejecting: { ids: string[]; suggestion: string } | null;
  askReject: (ids: string[], suggestion: string) => void;
  cancelReject: () => void;
  approve: (ids: string[]) => Promise<void>;
  reject: (ids: string[], reason: string) => Promise<void>;
};

// The requester's review of one page of responses: the selection, the Reject dialog and the two
// mutations. The answers update the rows in the cache (Response by id); the list is read again
// (`reload`) for its awaitingReview count, and after a failure (e.g. 409: decided in another tab,
// which is shown) so the rows show what is true now.
export function useReview(requestId: string, reload: () => Promise<unknown>): Review {
  const [approveResponses] = useMutation(ApproveResponsesDocument);
  const [rejectResponses] = useMutation(RejectResponsesDocument);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Review['rejecting']>(null);

  const run = useCallback(
    async (ids: string[], send: () => Promise<unknown>) => {
      setBusy(true);
      setError(null);
      try {
        await send();
        setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
        setRejecting(null);
      } catch (e) {
        setError(toApiError(e).message);
        setRejecting(null);
      }
      await reload().catch(() => undefined);
      setBusy(false);
    },
    [reload],
  );

  return {
    selected,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    select: (ids) => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
    busy,
    error,
    rejecting,
    askReject: (ids, suggestion) => setRejecting({ ids, suggestion }),
    cancelReject: () => setRejecting(null),
    approve: (ids) => run(ids, () => approveResponses({ variables: { requestId, responseIds: ids } })),
    reject: (ids, reason) => run(ids, () => rejectResponses({ variables: { requestId, responseIds: ids, reason } })),
  };
}
