import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import {
  CreditHistoryDocument,
  WithdrawalDocument,
  WithdrawCreditToWalletDocument,
  type MoveCreditResult_WithdrawalFragment,
} from '../credit.generated';
import { MeDocument } from '../../../shared/session/session.generated';
import { toApiError, type ApiError } from '../../../shared/apollo/graphql-errors';

// While the treasury's transfer waits to be mined, ask again this often, for about two minutes
// (the server keeps reconciling it afterwards; the history shows the outcome).
export const PENDING_POLL_MS = 3_000;
const MAX_POLLS = 40;

export type MoveCreditRequest = { amount: number; walletAddress: string };

type Attempt = MoveCreditRequest & { key: string };

// 8-64 of A-Z a-z 0-9 - _ (the server's rule); a UUID fits.
const newIdempotencyKey = () => crypto.randomUUID();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Moving prepaid credit to a wallet (withdrawCreditToWallet). Each withdrawal gets its own
// idempotency key, kept until the server answers with a withdrawal; a changed amount or address
// is a new withdrawal with a new key.
export function useMoveCredit(onSettled: (withdrawal: MoveCreditResult_WithdrawalFragment) => void) {
  const client = useApolloClient();
  const [withdraw] = useMutation(WithdrawCreditToWalletDocument);
  const [result, setResult] = useState<MoveCreditResult_WithdrawalFragment | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refreshCredit = () =>
    client.refetchQueries({ include: [MeDocument, CreditHistoryDocument] }).catch(() => undefined);

  const settle = (withdrawal: MoveCreditResult_WithdrawalFragment) => {
    setResult(withdrawal);
    void refreshCredit();
    if (withdrawal.status !== 'pending') onSettled(withdrawal);
  };

  // Follows a pending transfer until it is sent or failed (or we stop asking).
  const follow = async (id: string) => {
    for (let poll = 0; poll < MAX_POLLS; poll += 1) {
      await sleep(PENDING_POLL_MS);
      if (!mounted.current) return;
      try {
        const { data } = await client.query({
          query: WithdrawalDocument,
          variables: { id },
          fetchPolicy: 'network-only',
        });
        if (!mounted.current) return;
        if (data && data.withdrawal.status !== 'pending') {
          settle(data.withdrawal);
          return;
        }
      } catch {
        // a hiccup while asking: keep asking
      }
    }
  };

  const submit = async (request: MoveCreditRequest) => {
    if (submitting) return;
    const previous = attempt.current;
    const same =
      previous !== null &&
      previous.amount === request.amount &&
      previous.walletAddress.toLowerCase() === request.walletAddress.toLowerCase();
    const key = same ? previous.key : newIdempotencyKey();
    attempt.current = { ...request, key };
    setSubmitting(true);
    setError(null);
    setResult(null);
    try {
      const { data } = await withdraw({
        variables: { input: { amount: request.amount, walletAddress: request.walletAddress, idempotencyKey: key } },
      });
      if (!data) throw new Error('The server did not answer the transfer.');
      attempt.current = null; // a definite answer: the next transfer is a new one
      const withdrawal = data.withdrawCreditToWallet;
      settle(withdrawal);
      if (withdrawal.status === 'pending') void follow(withdrawal.id);
    } catch (cause) {
      // No withdrawal came back: the same form sent again reuses the key, so if the server did
      // record this one (the answer was lost), it resumes it rather than paying a second time.
      setError(toApiError(cause));
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, result, error };
}
