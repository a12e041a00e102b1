// Loaded with the first language other than English: i18next and that language's catalog (one
// chunk a language). Keys are the English texts, so nothing separates them (no ":" or "." keys).
import i18next from 'i18next';
import { english, formatNumber, type Translate } from './i18n';

const catalogs = import.meta.glob<{ default: Record<string, string> }>('./locales/*.json');

export async function translator(code: string): Promise<Translate> {
  const load = catalogs[`./locales/${code}.json`];
  if (!load) return english;
  const instance = i18next.createInstance();
  // every number interpolated ({{count}} too, which also picks the plural) in the language's digits
  // and separators
  const numbers = {
    type: 'formatter' as const,
    init: () => undefined,
    add: () => undefined,
    addCached: () => undefined,
    format: (value: unknown, _format?: string, lng?: string) =>
      typeof value === 'number' ? formatNumber(value, lng ?? code) : value,
  };
  await instance.use(numbers).init({
    lng: code,
    resources: { [code]: { translation: (await load()).default } },
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    // React escapes what it renders
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  // a text the catalog lacks is shown in English
  return (key, vars = {}) => (instance.exists(key, vars) ? instance.t(key, vars) : english(key, vars));
}
