import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LANGUAGE } from '../../../../shared/languages';
import type { SurveysService } from '../surveys/surveys.service';
import { sameTranslations, type QuestionView } from '../surveys/surveys.views';
import type { DataRequest } from './request.entity';
import type { RequestFields } from './requests.schemas';

/** A survey's language columns (null for a collection; an unnamed language is English). */
export const surveyLanguage = (f: RequestFields) =>
  f.type === 'survey'
    ? { language: f.language ?? DEFAULT_LANGUAGE, translations: f.translations ?? null }
    : { language: null, translations: null };

/**
 * A survey's languages, and its questions: replaced when they changed (`stored` null), else only
 * their translations when those changed (a translation changes no answer's meaning: allowed after
 * responses too).
 */
export async function saveSurvey(
  surveys: SurveysService,
  tx: EntityManager,
  r: DataRequest,
  merged: RequestFields,
  stored: QuestionView[] | null,
): Promise<void> {
  tx.assign(r, surveyLanguage(merged));
  if (r.type !== 'survey') return;
  if (!stored) await surveys.replaceQuestions(tx, r, merged.questions ?? []);
  else if (!sameTranslations(stored, merged.questions ?? [])) {
    await surveys.setTranslations(tx, r, merged.questions ?? []);
  }
}
