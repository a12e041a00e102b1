import Box from '@mui/material/Box';
import { languageInfo } from '../../../../../shared/languages';
import { useT } from '../i18n/i18n';

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
