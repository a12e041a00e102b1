import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from '../i18n/i18n';

// Every text the participant app passes to t() is in every catalog: a text added to the answering
// path (e.g. by another feature's branch) without its translations would show in English.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '../../../layouts/participant/*.tsx', '!../tests/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const catalogs = import.meta.glob<Record<string, string>>('../i18n/locales/*.json', {
  import: 'default',
  eager: true,
});

const keys = new Set(
  Object.values(sources).flatMap((source) =>
    [...source.matchAll(/\b(?:t|tr|msg)\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g)].map((m) =>
      (m[1] ?? m[2]).replace(/\\(['"])/g, '$1'),
    ),
  ),
);
// a plural key is there as key_one, key_other, ...
const has = (catalog: Record<string, string>, key: string) =>
  key in catalog || Object.keys(catalog).some((k) => k.replace(/_(zero|one|two|few|many|other)$/, '') === key);

describe('participant app catalogs', () => {
  it.each(APP_LANGUAGES.filter((l) => l !== 'en'))('%s translates every text passed to t()', (language) => {
    const catalog = catalogs[`../i18n/locales/${language}.json`];
    expect(catalog).toBeDefined();
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((key) => !has(catalog, key))).toEqual([]);
  });

  // a translation fills in exactly the key's {{placeholders}}: one it lacks would drop a value (a
  // server's words, a number), one it adds would show empty. (A plural form may say its count in
  // words: Arabic's one and two.)
  it.each(APP_LANGUAGES.filter((l) => l !== 'en'))('%s keeps every placeholder of each text', (language) => {
    const catalog = catalogs[`../i18n/locales/${language}.json`];
    const names = (text: string, plural: boolean) =>
      [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))]
        .filter((name) => !plural || name !== 'count')
        .sort()
        .join();
    const differing = Object.entries(catalog).filter(([key, text]) => {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      return names(base, base !== key) !== names(text, base !== key);
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  // a text with a count is there in every plural form of the language (Arabic has six)
  it.each(APP_LANGUAGES.filter((l) => l !== 'en'))('%s has every plural form of each counted text', (language) => {
    const catalog = catalogs[`../i18n/locales/${language}.json`];
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const counted = new Set(
      Object.keys(catalog).flatMap((k) => {
        const base = k.replace(/_(zero|one|two|few|many|other)$/, '');
        return base === k ? [] : [base];
      }),
    );
    expect(counted.size).toBeGreaterThan(5);
    const lacking = [...counted].flatMap((base) =>
      forms.filter((form) => !(`${base}_${form}` in catalog)).map((form) => `${base}_${form}`),
    );
    expect(lacking).toEqual([]);
  });
});
