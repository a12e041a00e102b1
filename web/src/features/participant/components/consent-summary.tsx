import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { phoneApi } from '../api/phone-api';
import { useLoad } from './use-load';
import { useT } from '../i18n/i18n';

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

/**
 * What sending shares, in plain words, right above the send button: the same terms the server
 * signs into the consent receipt (docs/consent-receipts.md), so what is shown is what is signed.
 */
export function ConsentSummary({ requestId }: { requestId: string }) {
  const tr = useT();
  const terms = useLoad(() => phoneApi.consentTerms(requestId), requestId);
  if (terms.error) return null;
  if (!terms.data) return <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />;
  const t = terms.data;
  return (
    <Box component="section" aria-label={tr('What you agree to')} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {tr('By sending you agree to share')}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row term={tr('What')}>
          {t.categories.length ? t.categories.map((c) => tr(c)).join(' · ') : tr('Your answers')}
          {t.sensitive.length
            ? ` (${tr('sensitive: {{list}}', { list: t.sensitive.map((c) => tr(c)).join(', ') })})`
            : ''}
        </Row>
        <Row term={tr('With')}>{tr('{{controller}}, who made this request', { controller: t.controller })}</Row>
        <Row term={tr('Why')}>{t.purpose || tr('No purpose given')}</Row>
        <Row term={tr('For')}>
          {t.reward.amount} IPT{t.reward.payAfterReview ? tr(', after the requester reviews your answer') : ''}
        </Row>
        <Row term={tr('Kept')}>{tr(t.retention.text)}</Row>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {tr(
          'You get a receipt of this, signed by Parley, under My answers. There you also see each time the requester lists, downloads, exports or reviews your answer, and when it is deleted.',
        )}
      </Typography>
    </Box>
  );
}
