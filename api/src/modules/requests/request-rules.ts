import { badInput, type FieldProblem } from '../../shared/errors';
import { COLLECTION_OPTION_KEYS, type CollectionOptions } from './request.entity';
import type { RequestFields } from './requests.schemas';
import { languageProblems } from '../surveys/survey-translations';
import { DEFAULT_LANGUAGE } from '../../../../shared/languages';

/** All five options, unticked unless given (the wizard sends the ticked ones as true). */
export const fullOptions = (given: Partial<CollectionOptions> | undefined): CollectionOptions =>
  Object.fromEntries(COLLECTION_OPTION_KEYS.map((k) => [k, given?.[k] === true])) as CollectionOptions;

/** Whether two option sets ask for the same data (jsonb does not keep key order). */
export const sameOptions = (
  a: Partial<CollectionOptions> | null | undefined,
  b: Partial<CollectionOptions> | null | undefined,
) => COLLECTION_OPTION_KEYS.every((k) => (a?.[k] === true) === (b?.[k] === true));

/**
 * The rules that span fields, checked on the whole request (an edit merges first):
 * IPTs per Response at most Total IPTs; a collection asks for at least one kind of data; a survey
 * has at least one question; publishing names the escrow and the wallet that funded it.
 */
export function checkRequestRules(f: RequestFields): void {
  const problems: FieldProblem[] = [];
  if (f.bonusEach > f.bonusAmount) {
    problems.push({ path: 'bonusEach', message: 'bonus_each (IPTs per Response) must not exceed bonus_amount' });
  }
  if (f.type === 'collection') {
    if (!COLLECTION_OPTION_KEYS.some((k) => f.options?.[k] === true)) {
      problems.push({ path: 'options', message: 'Choose at least one kind of data to collect' });
    }
    if (f.questions?.length) problems.push({ path: 'questions', message: 'Questions belong to surveys' });
  } else if (!f.questions?.length) {
    problems.push({ path: 'questions', message: 'A survey needs at least one question' });
  }
  if (f.type === 'survey')
    problems.push(...languageProblems(f.language ?? DEFAULT_LANGUAGE, f.translations, f.questions ?? []));
  else if (f.language || Object.keys(f.translations ?? {}).length) {
    problems.push({ path: 'translations', message: 'Only a survey has languages' });
  }
  if (f.status === 1 && (!f.escrowAddress || !f.signerAddress)) {
    problems.push({
      path: 'escrowAddress',
      message: 'Publishing needs the escrow address (newchild) and the address of the wallet that funded it',
    });
  }
  if (problems.length) throw badInput(problems.map((p) => p.message).join('; '), problems);
}
