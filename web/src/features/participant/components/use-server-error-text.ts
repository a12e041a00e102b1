import { useEffect, useState } from 'react';
import type { PhoneApiError } from '../api/phone-api';
import type * as ErrorTextModule from './error-text';
import { useT } from '../i18n/i18n';

type ErrorTexts = typeof ErrorTextModule;

/**
 * The server's error in the participant's language (error-text), null until its table loads: the
 * table loads with the first error, so the shared link's first screen does not carry it.
 */
export function useServerErrorText(error: PhoneApiError | null): string | null {
  const t = useT();
  const [texts, setTexts] = useState<ErrorTexts | null>(null);
  useEffect(() => {
    if (error && !texts) void import('./error-text').then((module) => setTexts(module));
  }, [error, texts]);
  return error && texts ? texts.serverErrorText(error, t) : null;
}
