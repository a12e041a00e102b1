// The participant app's own texts in the participant's language (issue 30). The texts are written
// in English in the components and are their own keys; another language's catalog and i18next,
// which looks them up (with Arabic's six plural forms and interpolation), load only when that
// language is chosen, so an English page carries neither (the shared link's bundle budget).
import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { directionOf } from '../../../../../shared/languages';

/** The languages the app's own texts are translated into (besides English, the texts themselves). */
export const APP_LANGUAGES = ['en', 'ar', 'fr', 'es', 'de'];

export type Vars = Record<string, string | number>;
export type Translate = (key: string, vars?: Vars) => string;

// frame: lays a page out in its direction (MUI's RTL style cache), once a survey with an RTL language opened
type Frame = ComponentType<{ dir: 'ltr' | 'rtl'; children: ReactNode }>;
type State = { language: string; dir: 'ltr' | 'rtl'; translate: Translate | null; frame: Frame | null };
let state: State = { language: 'en', dir: 'ltr', translate: null, frame: null };
const listeners = new Set<() => void>();
const publish = (next: State) => {
  state = next;
  for (const listener of listeners) listener();
};

/** English: the key itself with its {{placeholders}} filled in. */
export const english: Translate = (key, vars) =>
  key.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

let asked = 'en';
/**
 * Shows the app's texts in `language` (one of APP_LANGUAGES; another shows English). The catalog
 * loads first, so the page never mixes two languages; a later call wins over an earlier one.
 */
export async function setAppLanguage(language: string): Promise<void> {
  asked = language;
  const code = APP_LANGUAGES.includes(language) ? language : 'en';
  const dir = directionOf(language);
  const translate = code === 'en' ? null : await import('./runtime').then(({ translator }) => translator(code));
  if (asked === language) publish({ ...state, language, dir, translate });
}

/** Loads the right-to-left frame before a page that may switch to an RTL language shows. */
export async function loadDirectionFrame(): Promise<void> {
  if (state.frame) return;
  const { DirectionFrame } = await import('./rtl');
  publish({ ...state, frame: DirectionFrame });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

/** The current language, its direction and t(): the English text, translated when a catalog is loaded. */
export function useAppLanguage(): { language: string; dir: 'ltr' | 'rtl'; t: Translate; frame: Frame | null } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { language: current.language, dir: current.dir, t: current.translate ?? english, frame: current.frame };
}

/** t() alone, for components that only show texts. */
export const useT = (): Translate => useAppLanguage().t;
