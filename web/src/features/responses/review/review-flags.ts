// Which responses the requester's review flags, computed here in the browser: the server never sees
// a collection response in clear, so only this browser can tell that one does not open or lacks
// what the request asked for. Pure functions: the tables and their tests share them.
import { missingFields, type CollectionOptions } from '../../../shared/collection/collection-format';
import type { OpenedRow } from '../hooks/use-decrypted-responses';

export type Flag = { kind: 'undecryptable' | 'incomplete'; note: string };

const FIELD_NAMES: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  age: 'age',
  mobile: 'mobile',
  email: 'e-mail',
  gender: 'gender',
  location: 'location',
  health: 'health data',
  idDocument: 'ID data',
  image_upload: 'images',
};

/** A collection response's flag, or null: it opened with everything asked for (or is still opening). */
export function collectionFlag(opened: OpenedRow | undefined, options: CollectionOptions | null): Flag | null {
  if (!opened) return null;
  if (opened.status === 'failed') return { kind: 'undecryptable', note: opened.reason };
  const missing = missingFields(opened.data, options ?? {});
  if (!missing.length) return null;
  return { kind: 'incomplete', note: `Lacks ${missing.map((key) => FIELD_NAMES[key] ?? key).join(', ')}.` };
}

/** A survey response's flag: a question left unanswered (a star rating the phone never sent). */
export function surveyFlag(
  answers: readonly { questionId: string }[] | null,
  questions: readonly { questionId: string; title: string }[],
): Flag | null {
  const answered = new Set((answers ?? []).map((a) => a.questionId));
  const open = questions.filter((q) => !answered.has(q.questionId));
  if (!open.length) return null;
  return { kind: 'incomplete', note: `Unanswered: ${open.map((q) => q.title).join('; ')}.` };
}

const REASONS: Record<Flag['kind'], string> = {
  undecryptable: 'Your answer could not be decrypted with this request’s key, so it cannot be used.',
  incomplete: 'Your answer lacks data this request asked for.',
};

/** The reason offered when rejecting these flags (the requester may change it before sending). */
export function suggestedReason(flags: readonly (Flag | null)[]): string {
  const kinds = new Set(flags.filter((f): f is Flag => f !== null).map((f) => f.kind));
  if (kinds.size === 1) return REASONS[[...kinds][0]];
  if (kinds.size > 1) return 'Your answer could not be decrypted or lacks data this request asked for.';
  return '';
}
