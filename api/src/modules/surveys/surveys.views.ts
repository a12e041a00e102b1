import type { LogicQuestion } from '../../../../shared/survey-logic';
import type { QuestionSettings, QuestionType, StarShape } from './survey-question.entity';
import type { QuestionInput } from './surveys.schemas';
import type { QuestionTranslations } from './survey-translations';

export type OptionView = { id: string; label: string; counter: number };

/** A question with its options in order, as the services hand it around. */
export type QuestionView = {
  id: string;
  position: number;
  type: QuestionType;
  title: string;
  scale: number | null;
  shape: StarShape | null;
  // the newer types' settings; null for the four version-1 types
  settings: QuestionSettings | null;
  options: OptionView[];
  // its texts in the survey's other languages; null: none
  translations?: QuestionTranslations | null;
};

export const NPS_SCALE = Array.from({ length: 11 }, (_, i) => String(i));

/** A matrix cell's option label: the row's index and the column's text (unique per question). */
export const matrixLabel = (row: number, column: string) => `${row}:${column}`;
export const matrixCell = (label: string): { row: number; column: string } => {
  const at = label.indexOf(':');
  return { row: Number(label.slice(0, at)), column: label.slice(at + 1) };
};

/** The labels a question's options get: its choices, "1".."scale" for a star rating, "0".."10"
 * for NPS, one per row and column for a matrix, none for the personal (encrypted) types. */
export const optionLabels = (q: Pick<QuestionInput, 'type' | 'choices' | 'scale' | 'settings'>): string[] => {
  if (q.type === 'stars') return Array.from({ length: q.scale ?? 0 }, (_, i) => String(i + 1));
  if (q.type === 'nps') return NPS_SCALE;
  if (q.type === 'matrix') return (q.settings?.rows ?? []).flatMap((_, r) => q.choices.map((c) => matrixLabel(r, c)));
  return q.choices;
};

/** A question as the shared logic reads it: type, title, answer options (ratings as digits), logic. */
export const logicQuestion = (
  q: Pick<QuestionInput, 'type' | 'title' | 'choices' | 'scale' | 'settings'>,
): LogicQuestion => ({
  type: q.type,
  title: q.title,
  options: q.type === 'matrix' ? q.choices : optionLabels(q),
  logic: q.settings?.logic ?? null,
});

/** The choices a stored question was made with (a matrix's columns; none for stars, NPS and the
 * personal types). */
export const choicesOf = (q: QuestionView): string[] => {
  if (q.type === 'matrix')
    return q.options.filter((o) => matrixCell(o.label).row === 0).map((o) => matrixCell(o.label).column);
  if (q.type === 'stars' || q.type === 'nps') return [];
  return q.options.map((o) => o.label);
};

/** A stored question reduced to what a designer sends, to tell whether an edit changes it. */
export const asInput = (q: QuestionView): QuestionInput => ({
  type: q.type,
  title: q.title,
  choices: choicesOf(q),
  scale: q.scale,
  shape: q.shape,
  settings: q.settings,
  translations: q.translations ?? null,
});

// jsonb does not keep key order: compare with sorted keys
const stable = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

// translations are compared on their own: changing one does not change what answers mean
const structure = ({ translations: _t, ...q }: QuestionInput) => q;
export const sameQuestions = (stored: QuestionView[], next: QuestionInput[]): boolean =>
  stable(stored.map((q) => structure(asInput(q)))) === stable(next.map(structure));
export const sameTranslations = (stored: QuestionView[], next: QuestionInput[]): boolean =>
  stable(stored.map((q) => q.translations ?? null)) === stable(next.map((q) => q.translations ?? null));
