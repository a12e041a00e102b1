import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { phoneApi, type ConsentTerms, type EndUserData } from '../api/phone-api';
import { useLoad } from './use-load';
import { msg, useFormat, useT, type Translate } from '../i18n/i18n';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box
      component="div"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}
    >
      <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

// The server's words for the special categories (the collection categories are the request page's)
const SENSITIVE = [msg('health'), msg('identity document')];
const QUESTION = 'Question: ';
// the requester's words inside a sentence of ours, in their own direction (Unicode's first-strong
// isolate): an English question title keeps its punctuation in an Arabic sentence
const isolate = (words: string) => `\u2068${words}\u2069`;

/**
 * A data category as the server signs it, in the participant's language: a collection's category
 * from the catalog, a survey question by its title in the language the survey is shown in.
 */
function category(c: string, request: EndUserData, t: Translate): string {
  if (request.type !== 'survey' || !c.startsWith(QUESTION)) return t(c);
  const title = c.slice(QUESTION.length);
  const question = request.questions?.find((q) => q.title === title);
  return t('Question: {{title}}', { title: isolate(question?.localized?.title ?? title) });
}

/** How long the answers are kept, from the server's numbers (its sentence is English). */
function kept(terms: ConsentTerms, t: Translate, date: (iso: string) => string): string {
  const { days, until } = terms.retention;
  if (!days) return t('Kept until you withdraw your answer or the requester deletes the request');
  const vars = { count: days, date: until ? date(until) : '' };
  if (until) {
    return days === 1
      ? t('Deleted {{count}} day after you send it (on {{date}}); payout records and this receipt stay', vars)
      : t('Deleted {{count}} days after you send it (on {{date}}); payout records and this receipt stay', vars);
  }
  return days === 1
    ? t('Deleted {{count}} day after you send it; payout records and this receipt stay', vars)
    : t('Deleted {{count}} days after you send it; payout records and this receipt stay', vars);
}

/**
 * What sending shares, in plain words, right above the send button: the same terms the server
 * signs into the consent receipt (docs/consent-receipts.md), so what is shown is what is signed.
 * The server sends them in English (the receipt's language) with their numbers; they are shown in
 * the participant's language from the app's catalogs (docs/decisions/participant-languages.md).
 */
export function ConsentSummary({ request }: { request: EndUserData }) {
  const tr = useT();
  const format = useFormat();
  const terms = useLoad(() => phoneApi.consentTerms(request.id), request.id);
  if (terms.error) return null;
  if (!terms.data) return <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />;
  const t = terms.data;
  // the purpose is the request's description: shown in the survey's language when it has one
  const purpose = t.purpose === request.description && request.localized ? request.localized.description : t.purpose;
  return (
    <Box component="section" aria-label={tr('What you agree to')} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {tr('By sending you agree to share')}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row term={tr('What')}>
          {t.categories.length ? t.categories.map((c) => category(c, request, tr)).join(' · ') : tr('Your answers')}
          {t.sensitive.length
            ? ` (${tr('sensitive: {{list}}', { list: t.sensitive.map((c) => (SENSITIVE.includes(c) ? tr(c) : c)).join(', ') })})`
            : ''}
        </Row>
        <Row term={tr('With')}>
          {tr('{{controller}}, who made this request', { controller: isolate(t.controller) })}
        </Row>
        <Row term={tr('Why')}>{purpose ? <span dir="auto">{purpose}</span> : tr('No purpose given')}</Row>
        <Row term={tr('For')}>
          {tr('{{amount}} IPT', { amount: t.reward.amount })}
          {t.reward.payAfterReview ? tr(', after the requester reviews your answer') : ''}
        </Row>
        <Row term={tr('Kept')}>{kept(t, tr, format.date)}</Row>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {tr(
          'You get a receipt of this, signed by Parley, under My answers. There you also see each time the requester lists, downloads, exports or reviews your answer, and when it is deleted.',
        )}
      </Typography>
    </Box>
  );
}
