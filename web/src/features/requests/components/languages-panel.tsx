import Translate from '@mui/icons-material/Translate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { directionOf, LANGUAGES, languageInfo, MAX_TRANSLATIONS } from '../../../../../shared/languages';
import type { DesignerQuestion, SurveyTexts } from '../request-form';
import {
  translatableTexts,
  untranslatedCount,
  withoutLanguage,
  withTexts,
  type TranslatableText,
} from '../survey-translations';

export type SurveyLanguages = {
  title: string;
  description: string;
  language: string;
  translations: Record<string, SurveyTexts>;
};
type Props = {
  survey: SurveyLanguages;
  questions: DesignerQuestion[];
  onChange: (
    changes: Partial<Pick<SurveyLanguages, 'language' | 'translations'>> & { questions?: DesignerQuestion[] },
  ) => void;
  // responses arrived: questions cannot change, but their translations still can
  locked: boolean;
};

const nameOf = (code: string) => {
  const info = languageInfo(code);
  return info ? (info.name === info.english ? info.name : `${info.name} · ${info.english}`) : code;
};

// The designer's languages (issue 30): the survey's own language, the languages added, each with
// how many of its texts are untranslated, and the editor of one language's translations.
export function LanguagesPanel({ survey, questions, onChange, locked }: Props) {
  const [translating, setTranslating] = useState<string | null>(null);
  const added = Object.keys(survey.translations);
  const free = LANGUAGES.filter((l) => l.code !== survey.language && !added.includes(l.code));
  return (
    <Box component="section" aria-labelledby="survey-languages" sx={{ mt: 3 }}>
      <Typography id="survey-languages" variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
        Languages
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Written in"
          value={survey.language}
          onChange={(e) => onChange({ language: e.target.value })}
          sx={{ minWidth: 220 }}
          disabled={locked}
        >
          {LANGUAGES.filter((l) => !added.includes(l.code)).map((l) => (
            <MenuItem key={l.code} value={l.code}>
              {nameOf(l.code)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Add a language"
          value=""
          onChange={(e) => {
            onChange({ translations: { ...survey.translations, [e.target.value]: { title: '', description: '' } } });
            setTranslating(e.target.value);
          }}
          sx={{ minWidth: 220 }}
          disabled={added.length >= MAX_TRANSLATIONS || questions.length === 0}
          helperText={questions.length === 0 ? 'Add questions first.' : ' '}
        >
          {free.map((l) => (
            <MenuItem key={l.code} value={l.code}>
              {nameOf(l.code)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {added.length ? (
        <Box component="ul" aria-label="Translations" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {added.map((code) => {
            const missing = untranslatedCount(survey, questions, code);
            return (
              <Box
                component="li"
                key={code}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                aria-label={nameOf(code)}
              >
                <Typography sx={{ minWidth: 160 }} lang={code}>
                  {nameOf(code)}
                </Typography>
                <Chip
                  size="small"
                  color={missing ? 'warning' : 'success'}
                  variant={missing ? 'filled' : 'outlined'}
                  label={missing ? `${missing} untranslated` : 'All translated'}
                  data-testid={`untranslated-${code}`}
                />
                <Button size="small" startIcon={<Translate />} onClick={() => setTranslating(code)}>
                  Translate
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onChange(withoutLanguage(survey, questions, code))}
                  disabled={locked}
                >
                  Remove
                </Button>
              </Box>
            );
          })}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Participants see the survey in its own language. Add a language to offer a translation: they get the one their
          browser asks for, and can switch.
        </Typography>
      )}
      {translating ? (
        <TranslationDialog
          language={translating}
          texts={translatableTexts(survey, questions, translating)}
          onCancel={() => setTranslating(null)}
          onSave={(texts) => {
            onChange(withTexts(survey, questions, translating, texts));
            setTranslating(null);
          }}
        />
      ) : null}
    </Box>
  );
}

const KIND_LABEL: Record<TranslatableText['kind'], string> = {
  title: 'Title',
  description: 'Description',
  choice: 'Choice',
  row: 'Row',
  unit: 'Unit',
};

/** Every text of the survey beside a field for its translation; an untranslated one is marked. */
function TranslationDialog({
  language,
  texts,
  onCancel,
  onSave,
}: {
  language: string;
  texts: TranslatableText[];
  onCancel: () => void;
  onSave: (texts: TranslatableText[]) => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [draft, setDraft] = useState(texts);
  const missing = draft.filter((t) => !t.value.trim()).length;
  const groups = [null, ...new Set(draft.map((t) => t.question).filter((q) => q !== null))];
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>
        Translate into {nameOf(language)}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {missing
            ? `${missing} untranslated: participants see those in the survey's own language.`
            : 'All translated.'}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {groups.map((group) => {
          const fields = draft.filter((t) => t.question === group);
          if (!fields.length) return null;
          return (
            <Box component="fieldset" key={group ?? 'survey'} sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {group === null ? 'Survey' : `Question ${group + 1}`}
              </Typography>
              <Box sx={{ display: 'grid', gap: 1.5 }}>
                {fields.map((field) => {
                  const untranslated = !field.value.trim();
                  return (
                    <TextField
                      key={field.id}
                      size="small"
                      label={`${KIND_LABEL[field.kind]}: ${field.source}`}
                      value={field.value}
                      multiline={field.kind === 'description'}
                      onChange={(e) =>
                        setDraft(draft.map((t) => (t.id === field.id ? { ...t, value: e.target.value } : t)))
                      }
                      color={untranslated ? 'warning' : undefined}
                      helperText={untranslated ? 'Not translated yet' : ' '}
                      slotProps={{
                        htmlInput: {
                          dir: directionOf(language),
                          lang: language,
                          'data-untranslated': untranslated ? 'true' : undefined,
                          maxLength: field.kind === 'description' ? 5000 : field.kind === 'title' ? 500 : 200,
                        },
                        formHelperText: { sx: { color: untranslated ? 'warning.dark' : undefined } },
                      }}
                    />
                  );
                })}
              </Box>
            </Box>
          );
        })}
        {draft.length === 0 ? <Alert severity="info">The survey has no texts yet.</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(draft)}>
          Save translation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
