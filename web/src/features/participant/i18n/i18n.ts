// The participant app's own texts in the participant's language (issue 30). The texts are written
// in English in the components and are their own keys; another language's catalog and i18next,
// which looks them up (with Arabic's six plural forms and interpolation), load only when that
// language is chosen, so an English page carries neither (the shared link's bundle budget).
// docs/decisions/participant-languages.md says how the language is chosen.
import { useSyncExternalStore } from 'react';
import type { EmotionCache } from '@emotion/react';
import { directionOf } from '../../../../../shared/languages';
import { readStoredJson, writeStoredJson } from '../../../shared/storage/local-storage';

/** The languages the app's own texts are translated into (besides English, the texts themselves). */
export const APP_LANGUAGES = ['en', 'ar', 'fr', 'es', 'de'];

export type Vars = Record<string, string | number>;
export type Translate = (key: string, vars?: Vars) => string;

// rtlCache: MUI's right-to-left style cache, loaded once a page is to be shown right to left
// picked: the language the participant picked in the app (pickLanguage), if they did
type State = {
  language: string;
  dir: 'ltr' | 'rtl';
  translate: Translate | null;
  rtlCache: EmotionCache | null;
  picked: string | null;
};
let state: State = { language: 'en', dir: 'ltr', translate: null, rtlCache: null, picked: null };
const listeners = new Set<() => void>();
const publish = (next: State) => {
  state = next;
  for (const listener of listeners) listener();
};

/** A number in the language's digits and separators (Intl). */
export const formatNumber = (value: number, language = state.language): string =>
  new Intl.NumberFormat(language).format(value);

/** English: the key itself with its {{placeholders}} filled in (numbers formatted in English). */
export const english: Translate = (key, vars) =>
  key.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars?.[name] ?? '';
    return typeof value === 'number' ? formatNumber(value, 'en') : value;
  });

const LANGUAGE_KEY = 'parley.participant.language';
const appLanguageOf = (tag: string) => {
  const base = tag.split('-')[0].toLowerCase();
  return APP_LANGUAGES.includes(base) ? base : null;
};

/** The language the participant picked in the app, if they did. */
export const pickedLanguage = (): string | null =>
  readStoredJson(LANGUAGE_KEY, (v) => (typeof v === 'string' && APP_LANGUAGES.includes(v) ? v : null));

/** The participant's language: their pick, else the browser's first one the app has, else English. */
export function participantLanguage(): string {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickedLanguage() ?? tags.map((tag) => appLanguageOf(tag ?? '')).find(Boolean) ?? 'en';
}

let asked = 'en';
/**
 * Shows the app's texts in `language` (one of APP_LANGUAGES; another shows English), laid out in
 * its direction. The catalog (and, for right to left, MUI's RTL styles) load first, so the page
 * never mixes two languages; a later call wins over an earlier one.
 */
export async function setAppLanguage(language: string): Promise<void> {
  asked = language;
  const code = APP_LANGUAGES.includes(language) ? language : 'en';
  const dir = directionOf(language);
  const [translate, rtlCache] = await Promise.all([
    code === 'en' ? null : import('./runtime').then(({ translator }) => translator(code)),
    dir === 'rtl' && !state.rtlCache ? import('./rtl').then((m) => m.rtlCache) : state.rtlCache,
  ]);
  if (asked === language) publish({ ...state, language, dir, translate, rtlCache });
}

/** The app opens in the participant's language (their earlier pick, else the browser's). */
export async function startAppLanguage(): Promise<void> {
  publish({ ...state, picked: pickedLanguage() });
  await setAppLanguage(participantLanguage());
}

/** The participant picks the app's language: kept in this browser and shown at once. */
export async function pickLanguage(language: string): Promise<void> {
  writeStoredJson(LANGUAGE_KEY, language);
  publish({ ...state, picked: language });
  await setAppLanguage(language);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

/** The current language, its direction and t(): the English text, translated when a catalog is loaded. */
export function useAppLanguage(): {
  language: string;
  dir: 'ltr' | 'rtl';
  t: Translate;
  rtlCache: EmotionCache | null;
  picked: string | null;
} {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...current, t: current.translate ?? english };
}

/** t() alone, for components that only show texts. */
export const useT = (): Translate => useAppLanguage().t;

/** Dates and numbers in the app's language (Intl). */
export function useFormat(): {
  language: string;
  dateTime: (iso: string) => string;
  date: (iso: string) => string;
  number: (n: number) => string;
} {
  const { language } = useAppLanguage();
  const format = (iso: string, options: Intl.DateTimeFormatOptions) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(language, options).format(date);
  };
  return {
    language,
    dateTime: (iso) => format(iso, { dateStyle: 'medium', timeStyle: 'short' }),
    // a calendar day as the server counts it (UTC)
    date: (iso) => format(iso, { dateStyle: 'medium', timeZone: 'UTC' }),
    number: (n) => formatNumber(n, language),
  };
}

/** Marks an English text kept in a constant as a catalog key (the catalog test finds it by this). */
export const msg = (key: string): string => key;
