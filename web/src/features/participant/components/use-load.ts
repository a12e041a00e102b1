import { useCallback, useEffect, useState } from 'react';
import { PhoneApiError } from '../api/phone-api';

export type Loaded<T> = { data: T | null; error: PhoneApiError | null; loading: boolean; reload: () => void };

/** Runs `load` on mount and when `key` changes; reload() runs it again. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ key: string; data: T | null; error: PhoneApiError | null } | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let cancelled = false;
    load().then(
      (data) => !cancelled && setState({ key, data, error: null }),
      (error: unknown) =>
        !cancelled &&
        setState({
          key,
          data: null,
          error: error instanceof PhoneApiError ? error : new PhoneApiError(0, 'UNKNOWN', String(error)),
        }),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what `load` reads
  }, [key, round]);
  const current = state?.key === key ? state : null;
  return { data: current?.data ?? null, error: current?.error ?? null, loading: !current, reload };
}
