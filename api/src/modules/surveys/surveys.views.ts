import type { QuestionType, StarShape } from './survey-question.entity';
import type { QuestionInput } from './surveys.schemas';

export type OptionView = { id: string; label: string; counter: number };

/** A question with its options in order, as the services hand it around. */
export type QuestionView = {
  id: string;
  position: number;
  type: QuestionType;
  title: string;
  scale: number | null;
  shape: StarShape | null;
  options: OptionView[];
};

/** The labels a question's options get: its choices, or "1".."scale" for a star rating. */
export const optionLabels = (q: QuestionInput): string[] =>
  q.type === 'stars' ? Array.from({ length: q.scale ?? 0 }, (_, i) => String(i + 1)) : q.choices;

/** A stored question reduced to what a designer sends, to tell whether an edit changes it. */
export const asInput = (q: QuestionView): QuestionInput => ({
  type: q.type,
  title: q.title,
  choices: q.type === 'stars' ? [] : q.options.map((o) => o.label),
  scale: q.scale,
  shape: q.shape,
});

export const sameQuestions = (stored: QuestionView[], next: QuestionInput[]): boolean =>
  JSON.stringify(stored.map(asInput)) === JSON.stringify(next);
