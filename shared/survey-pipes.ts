// Piping (survey format 2, docs/survey-json.md): {{q3}} in a title stands for the answer to question
// 3 (1-based, as the designer numbers them). Apart from survey-logic.ts so that the requester's
// results load these few lines, not the whole logic.

/** A piped answer in a title; the first group is the question's number. */
export const PIPE = /\{\{\s*q(\d+)\s*\}\}/g;

/**
 * A title as the requester reads it, with no participant's answer at hand (the results, the
 * designer's Preview step): {{q3}} becomes "[answer to question 3]".
 */
export const readableTitle = (title: string): string =>
  title.replace(PIPE, (_, n: string) => `[answer to question ${Number(n)}]`);
