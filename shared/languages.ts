// The languages a survey can be written in (issue 30, "Languages"): BCP 47 tags from a fixed list,
// so the server, the designer and the participant app agree on the codes, their names and their
// direction. Pure: the API validates with it and the web app picks and lays out with it.

export type LanguageInfo = { code: string; name: string; english: string; dir: 'ltr' | 'rtl' };

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'en', name: 'English', english: 'English', dir: 'ltr' },
  { code: 'ar', name: 'العربية', english: 'Arabic', dir: 'rtl' },
  { code: 'bn', name: 'বাংলা', english: 'Bengali', dir: 'ltr' },
  { code: 'cs', name: 'Čeština', english: 'Czech', dir: 'ltr' },
  { code: 'da', name: 'Dansk', english: 'Danish', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', english: 'German', dir: 'ltr' },
  { code: 'el', name: 'Ελληνικά', english: 'Greek', dir: 'ltr' },
  { code: 'es', name: 'Español', english: 'Spanish', dir: 'ltr' },
  { code: 'fa', name: 'فارسی', english: 'Persian', dir: 'rtl' },
  { code: 'fi', name: 'Suomi', english: 'Finnish', dir: 'ltr' },
  { code: 'fr', name: 'Français', english: 'French', dir: 'ltr' },
  { code: 'he', name: 'עברית', english: 'Hebrew', dir: 'rtl' },
  { code: 'hi', name: 'हिन्दी', english: 'Hindi', dir: 'ltr' },
  { code: 'hu', name: 'Magyar', english: 'Hungarian', dir: 'ltr' },
  { code: 'id', name: 'Bahasa Indonesia', english: 'Indonesian', dir: 'ltr' },
  { code: 'it', name: 'Italiano', english: 'Italian', dir: 'ltr' },
  { code: 'ja', name: '日本語', english: 'Japanese', dir: 'ltr' },
  { code: 'ko', name: '한국어', english: 'Korean', dir: 'ltr' },
  { code: 'ms', name: 'Bahasa Melayu', english: 'Malay', dir: 'ltr' },
  { code: 'nb', name: 'Norsk bokmål', english: 'Norwegian Bokmål', dir: 'ltr' },
  { code: 'nl', name: 'Nederlands', english: 'Dutch', dir: 'ltr' },
  { code: 'pl', name: 'Polski', english: 'Polish', dir: 'ltr' },
  { code: 'pt', name: 'Português', english: 'Portuguese', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', english: 'Portuguese (Brazil)', dir: 'ltr' },
  { code: 'ro', name: 'Română', english: 'Romanian', dir: 'ltr' },
  { code: 'ru', name: 'Русский', english: 'Russian', dir: 'ltr' },
  { code: 'sv', name: 'Svenska', english: 'Swedish', dir: 'ltr' },
  { code: 'sw', name: 'Kiswahili', english: 'Swahili', dir: 'ltr' },
  { code: 'th', name: 'ไทย', english: 'Thai', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', english: 'Turkish', dir: 'ltr' },
  { code: 'uk', name: 'Українська', english: 'Ukrainian', dir: 'ltr' },
  { code: 'ur', name: 'اردو', english: 'Urdu', dir: 'rtl' },
  { code: 'vi', name: 'Tiếng Việt', english: 'Vietnamese', dir: 'ltr' },
  { code: 'zh-Hans', name: '简体中文', english: 'Chinese (Simplified)', dir: 'ltr' },
  { code: 'zh-Hant', name: '繁體中文', english: 'Chinese (Traditional)', dir: 'ltr' },
];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE = 'en';
/** At most this many translations besides the default language. */
export const MAX_TRANSLATIONS = 10;

export const languageInfo = (code: string): LanguageInfo | undefined => LANGUAGES.find((l) => l.code === code);
export const isKnownLanguage = (code: string): boolean => LANGUAGE_CODES.includes(code);
export const directionOf = (code: string): 'ltr' | 'rtl' => languageInfo(code)?.dir ?? 'ltr';

/** The tags of an Accept-Language header, most wanted first ("ar-EG,ar;q=0.9,en;q=0.5"). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

// a browser says zh-CN or zh-TW; the list has the scripts
const SCRIPT_OF: Record<string, string> = {
  'zh-cn': 'zh-Hans',
  'zh-sg': 'zh-Hans',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
};

/**
 * The first of the wanted tags (most wanted first) that the survey has: an exact match (any case),
 * else the same language without its region (ar-EG → ar, pt-PT → pt), else null.
 */
export function pickLanguage(available: readonly string[], wanted: readonly string[]): string | null {
  const byLower = new Map(available.map((code) => [code.toLowerCase(), code]));
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const exact = byLower.get(SCRIPT_OF[lower]?.toLowerCase() ?? lower);
    if (exact) return exact;
    const base = byLower.get(lower.split('-')[0] ?? '');
    if (base) return base;
  }
  return null;
}
