import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PhoneQuestion, StarOptions, SurveyAnswer } from '../api/phone-api';
import { MatrixField, NpsField, PersonalField, RankingField } from './survey-controls';
import { pipeTitle, shownQuestions, type LogicAnswer } from '../../../../../shared/survey-logic';
import { english, useT, type Translate } from '../i18n/i18n';
import { isRandomised, presentedOrder, type Presented } from '../../../../../shared/survey-order';
import type { DraftValues } from '../survey-draft';

export type SurveyValues = DraftValues;
const PERSONAL = ['short_text', 'long_text', 'number', 'date'];
export const isPersonal = (q: PhoneQuestion) => PERSONAL.includes(q.type);

const answersByPosition = (questions: PhoneQuestion[], values: SurveyValues): LogicAnswer[] =>
  questions.map((q) => values[q.id] ?? undefined);

/** Which questions this participant sees, by the survey's logic and their answers so far. */
export const visibleQuestions = (questions: PhoneQuestion[], values: SurveyValues): PhoneQuestion[] => {
  const shown = shownQuestions(
    questions.map((q) => ({ type: q.type, title: q.title, options: [], logic: q.logic ?? null })),
    answersByPosition(questions, values),
  );
  return questions.filter((_, i) => shown[i]);
};

/** The order this participant sees a randomised survey in (null: the designed order), the same on
 * every visit: seeded by this browser's device id and the request. */
export function surveyOrder(requestId: string, device: string, questions: PhoneQuestion[]): Presented | null {
  const ordered = questions.map((q) => ({ ...q, options: Array.isArray(q.options) ? q.options : [] }));
  return isRandomised(ordered) ? presentedOrder(ordered, `${device}|${requestId}`) : null;
}

/** The questions in the order shown, each with its choices in the order shown. */
function inOrder(questions: PhoneQuestion[], order: Presented | null | undefined): PhoneQuestion[] {
  if (!order) return questions;
  return order.questions
    .map((id) => questions.find((q) => q.id === id))
    .filter((q): q is PhoneQuestion => Boolean(q))
    .map((q) => {
      const shuffled = order.options[q.id];
      if (!shuffled) return q;
      // a translated survey's choices follow the shuffle: they are matched to options by position
      const own = q.options as string[];
      const localized = q.localized && {
        ...q.localized,
        choices: shuffled.map((o) => q.localized?.choices[own.indexOf(o)] ?? ''),
      };
      return { ...q, options: shuffled, ...(localized ? { localized } : {}) } as PhoneQuestion;
    });
}

const SHAPES = {
  star: [Star, StarBorder],
  heart: [Favorite, FavoriteBorder],
  thumb: [ThumbUp, ThumbUpOutlined],
} as const;

/** A choice's (or a matrix row's) text in the survey's served language; the value stays the default text. */
export const choiceText = (q: PhoneQuestion, choice: string, list: 'choices' | 'rows' = 'choices'): string => {
  const own = list === 'rows' ? ('rows' in q ? (q.rows ?? []) : []) : Array.isArray(q.options) ? q.options : [];
  return q.localized?.[list][own.indexOf(choice)] || choice;
};

/** Every question answered as its type asks (stars from 1 to the scale); problems by question id. */
export function checkSurvey(
  questions: PhoneQuestion[],
  values: SurveyValues,
  t: Translate = english,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const q of visibleQuestions(questions, values)) {
    const v = values[q.id];
    if (q.type === 'checkboxes') {
      if (!Array.isArray(v) || v.length === 0) problems[q.id] = t('Tick at least one.');
      else if (v.some((c) => !q.options.includes(c))) problems[q.id] = t('Pick from the choices.');
    } else if (q.type === 'stars') {
      if (!(typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= q.options.scale))
        problems[q.id] = t('Give 1 to {{scale}}.', { scale: q.options.scale });
    } else if (q.type === 'dropdown' || q.type === 'radios') {
      if (typeof v !== 'string' || !q.options.includes(v))
        problems[q.id] = t(q.type === 'dropdown' ? 'Choose one.' : 'Pick one.');
    } else {
      const problem = checkNewer(q as Extract<PhoneQuestion, { required: boolean }>, v, t);
      if (problem) problems[q.id] = problem;
    }
  }
  return problems;
}

const blank = (v: SurveyValues[string]) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && !v.trim()) ||
  (typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length);

// the survey format 2 types: an optional one may stay blank; a number must be within its range
function checkNewer(
  q: Extract<PhoneQuestion, { required: boolean }>,
  v: SurveyValues[string],
  t: Translate,
): string | null {
  if (blank(v))
    return q.required ? t(q.type === 'ranking' ? 'Put the choices in your order.' : 'Please answer.') : null;
  if (q.type === 'number') {
    const n = Number(String(v).trim().replace(',', '.'));
    if (!Number.isFinite(n)) return t('Give a number.');
    if ((q.min != null && n < q.min) || (q.max != null && n > q.max)) {
      return t('Give {{min}} to {{max}}.', { min: q.min ?? '…', max: q.max ?? '…' });
    }
  }
  if (q.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(String(v))) return t('Give a date.');
  if (q.type === 'matrix') {
    const answered = v as Record<string, string>;
    if ((q.rows ?? []).some((row) => !answered[row])) return t('Answer every row.');
  }
  return null;
}

/** The closed answers, sent in clear (the server counts them); the personal ones go sealed. */
export const surveyAnswers = (questions: PhoneQuestion[], values: SurveyValues): SurveyAnswer[] =>
  visibleQuestions(questions, values)
    .filter((q) => !isPersonal(q) && !blank(values[q.id]))
    .map((q) => ({ questionId: q.id, answer: values[q.id] as SurveyAnswer['answer'] }));

/** The personal answers by question id (numbers as numbers), to seal for the request key. */
export function personalAnswers(questions: PhoneQuestion[], values: SurveyValues): Record<string, string | number> {
  const answers: Record<string, string | number> = {};
  for (const q of visibleQuestions(questions, values)) {
    const v = values[q.id];
    if (!isPersonal(q) || blank(v)) continue;
    answers[q.id] = q.type === 'number' ? Number(String(v).trim().replace(',', '.')) : String(v).trim();
  }
  return answers;
}

// The rating is a radio group (ARIA's pattern: one tab stop, the arrows move and choose), named by
// the question. Its shapes are at least 3:1 on white, the empty ones too (WCAG 1.4.11).
function Stars({
  q,
  value,
  labelId,
  describedBy,
  onChange,
}: {
  q: { id: string; title: string; options: StarOptions };
  value: number | null;
  labelId: string;
  describedBy: string;
  onChange: (v: number | null) => void;
}) {
  const t = useT();
  const [Full, Empty] = SHAPES[q.options.shape] ?? SHAPES.star;
  const color = q.options.shape === 'heart' ? '#c2185b' : q.options.shape === 'thumb' ? '#00737d' : '#a65b00';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Rating
        name={`q-${q.id}`}
        max={q.options.scale}
        value={value}
        onChange={(_, v) => onChange(v)}
        icon={<Full fontSize="inherit" />}
        emptyIcon={<Empty fontSize="inherit" />}
        getLabelText={(n) => t('{{n}} of {{scale}}', { n, scale: q.options.scale })}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        sx={{
          fontSize: { xs: q.options.scale > 7 ? '1.6rem' : '2.1rem', sm: '2.2rem' },
          color,
          '& .MuiRating-iconEmpty': { color: 'rgba(0,0,0,.54)' },
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {value
          ? t('{{n}} of {{scale}}', { n: value, scale: q.options.scale })
          : t('1 to {{scale}}', { scale: q.options.scale })}
      </Typography>
    </Box>
  );
}

// One block per question, in order; the answers are validated (checkSurvey) before submit.
export function SurveyFields({
  questions,
  order,
  values,
  problems,
  onChange,
}: {
  questions: PhoneQuestion[];
  // a randomised survey's order for this participant (logic still reads the designed positions)
  order?: Presented | null;
  values: SurveyValues;
  problems: Record<string, string>;
  onChange: (id: string, value: SurveyValues[string]) => void;
}) {
  const t = useT();
  const visible = new Set(visibleQuestions(questions, values).map((q) => q.id));
  const shown = inOrder(questions, order);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {shown.map((q, i) => {
        if (!visible.has(q.id)) return null;
        const title = pipeTitle(q.localized?.title ?? q.title, answersByPosition(questions, values));
        const problem = problems[q.id];
        const optional = 'required' in q && !q.required ? ` ${t('(optional)')}` : '';
        const label = `${i + 1}. ${title}${isPersonal(q) ? '' : optional}`;
        const labelId = `q-${q.id}-label`;
        // the question's problem (or nothing), read with the question: it says how to fix it
        const helpId = `q-${q.id}-help`;
        let field;
        if (q.type === 'dropdown') {
          return (
            <TextField
              key={q.id}
              select
              label={label}
              value={(values[q.id] as string | null) ?? ''}
              onChange={(e) => onChange(q.id, e.target.value)}
              error={Boolean(problem)}
              helperText={problem ?? ' '}
              fullWidth
            >
              {q.options.map((o) => (
                <MenuItem key={o} value={o}>
                  {choiceText(q, o)}
                </MenuItem>
              ))}
            </TextField>
          );
        } else if (q.type === 'radios') {
          field = (
            <RadioGroup
              aria-labelledby={labelId}
              aria-describedby={helpId}
              value={(values[q.id] as string | null) ?? ''}
              onChange={(e) => onChange(q.id, e.target.value)}
            >
              {q.options.map((o) => (
                <FormControlLabel key={o} value={o} control={<Radio />} label={choiceText(q, o)} />
              ))}
            </RadioGroup>
          );
        } else if (q.type === 'checkboxes') {
          const ticked = (values[q.id] as string[] | null) ?? [];
          field = (
            <FormGroup role="group" aria-labelledby={labelId} aria-describedby={helpId}>
              {q.options.map((o) => (
                <FormControlLabel
                  key={o}
                  label={choiceText(q, o)}
                  control={
                    <Checkbox
                      checked={ticked.includes(o)}
                      onChange={(e) =>
                        onChange(q.id, e.target.checked ? [...ticked, o] : ticked.filter((t) => t !== o))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          );
        } else if (q.type === 'stars') {
          field = (
            <Stars
              q={q}
              value={(values[q.id] as number | null) ?? null}
              labelId={labelId}
              describedBy={helpId}
              onChange={(v) => onChange(q.id, v)}
            />
          );
        } else if (isPersonal(q)) {
          return (
            <PersonalField
              key={q.id}
              q={q as Extract<PhoneQuestion, { required: boolean }>}
              label={label}
              value={(values[q.id] as string | null) ?? ''}
              problem={problem}
              onChange={(v) => onChange(q.id, v)}
            />
          );
        } else if (q.type === 'nps') {
          field = (
            <NpsField
              name={`q-${q.id}`}
              labelId={labelId}
              describedBy={helpId}
              value={(values[q.id] as number | null) ?? null}
              onChange={(v) => onChange(q.id, v)}
            />
          );
        } else if (q.type === 'matrix') {
          field = (
            <MatrixField
              q={q}
              value={(values[q.id] as Record<string, string> | null) ?? {}}
              onChange={(v) => onChange(q.id, v)}
            />
          );
        } else if (q.type === 'ranking') {
          field = (
            <RankingField q={q} value={(values[q.id] as string[] | null) ?? null} onChange={(v) => onChange(q.id, v)} />
          );
        }
        return (
          <FormControl key={q.id} component="fieldset" error={Boolean(problem)} aria-labelledby={labelId}>
            {/* the question in its own direction: an untranslated English question on an Arabic page
                keeps its punctuation at its end */}
            <FormLabel
              id={labelId}
              component="legend"
              dir="auto"
              sx={{ color: 'text.primary', fontWeight: 500, mb: 0.5 }}
            >
              {label}
            </FormLabel>
            {q.type === 'checkboxes' ? (
              <Typography variant="caption" color="text.secondary">
                {t('Tick all that apply')}
              </Typography>
            ) : null}
            {field}
            <FormHelperText id={helpId}>{problem ?? ' '}</FormHelperText>
          </FormControl>
        );
      })}
    </Box>
  );
}
