import Box from '@mui/material/Box';
import type { ChangeEvent } from 'react';
import { languageInfo } from '../../../../../shared/languages';
import { APP_LANGUAGES, pickLanguage, useAppLanguage, useT } from '../i18n/i18n';

/** The survey's languages, each in its own name; the current one pressed. Plain buttons: the
 * shared link's first screen stays light. */
export function LanguageSwitch({
  languages,
  current,
  onPick,
}: {
  languages: string[];
  current: string;
  onPick: (code: string) => void;
}) {
  const t = useT();
  return (
    <Box
      role="group"
      aria-label={t('Language')}
      sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', justifyContent: 'flex-end', mb: 1.5 }}
    >
      {languages.map((code) => {
        const info = languageInfo(code);
        return (
          <Box
            key={code}
            component="button"
            type="button"
            lang={code}
            dir={info?.dir}
            aria-pressed={code === current}
            onClick={() => code !== current && onPick(code)}
            sx={{
              font: 'inherit',
              fontSize: '0.8125rem',
              minHeight: 32,
              px: 1.25,
              borderRadius: 16,
              cursor: 'pointer',
              border: '1px solid',
              borderColor: code === current ? 'primary.main' : 'rgba(0,0,0,.23)',
              bgcolor: code === current ? 'primary.main' : 'transparent',
              color: code === current ? '#fff' : 'text.primary',
            }}
          >
            {info?.name ?? code}
          </Box>
        );
      })}
    </Box>
  );
}

/** The app's language, in the header: each language in its own name; the pick is kept in this
 * browser. A native select: light on the shared link's first screen, and a phone's own picker.
 * It names the language the page is shown in: a survey page follows the survey's language, which
 * is not the participant's pick when the survey lacks it (the page says so). */
export function AppLanguagePicker() {
  const { t, language } = useAppLanguage();
  const base = language.split('-')[0];
  const current = APP_LANGUAGES.includes(base) ? base : 'en';
  return (
    <Box
      component="select"
      aria-label={t('Language')}
      value={current}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => void pickLanguage(e.target.value)}
      sx={{
        ml: { xs: 'auto', sm: 1 },
        font: 'inherit',
        fontSize: '0.875rem',
        color: '#fff',
        bgcolor: 'rgba(255,255,255,.14)',
        border: '1px solid rgba(255,255,255,.5)',
        borderRadius: 1,
        minHeight: 36,
        px: 0.75,
        cursor: 'pointer',
        '& option': { color: 'text.primary', bgcolor: '#fff' },
      }}
    >
      {APP_LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {languageInfo(code)?.name ?? code}
        </option>
      ))}
    </Box>
  );
}
