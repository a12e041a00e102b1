import { lazyPart } from '../../../shared/ui/lazy-part';

// The detail and report screens' lower cards, each in a chunk of its own that loads right after
// the screen's first render: the link field and its QR code, and the response tables with their
// decryption (HPKE) and review dialogs.
export const ParticipantLinkPart = lazyPart(async () => (await import('./participant-link')).ParticipantLinkCard, {
  label: 'Loading the participant link…',
  minHeight: 300,
});
export const CollectionResponsesPart = lazyPart(
  async () => (await import('./collection-responses')).CollectionResponses,
  { label: 'Loading the responses…', minHeight: 240 },
);
export const SurveyResponsesPart = lazyPart(async () => (await import('./survey-responses')).SurveyResponses, {
  label: 'Loading the responses…',
  minHeight: 240,
});
// the keeping period's card: its select and menu stay out of the screen's first chunk
export const RetentionPart = lazyPart(async () => (await import('./retention-card')).RetentionCard, {
  label: 'Loading the keeping period…',
  minHeight: 90,
});
// the survey's fieldwork card: setup, quotas, fair pay and the quality flags
export const FieldworkPart = lazyPart(async () => (await import('../fieldwork/fieldwork-panel')).FieldworkPanel, {
  label: 'Loading the fieldwork…',
  minHeight: 200,
});
// a survey's text, number and date answers, opened with HPKE in this browser
export const SurveyPersonalAnswersPart = lazyPart(
  async () => (await import('./survey-personal-answers')).SurveyPersonalAnswers,
  { label: 'Loading the personal answers…', minHeight: 120 },
);
// every part of these screens, to preload once the screen is up
export const RESPONSE_PARTS = [
  ParticipantLinkPart,
  CollectionResponsesPart,
  SurveyResponsesPart,
  SurveyPersonalAnswersPart,
  FieldworkPart,
  RetentionPart,
];
