import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { phoneApi } from '../api/phone-api';
import { useLoad } from './use-load';

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
  const terms = useLoad(() => phoneApi.consentTerms(requestId), requestId);
  if (terms.error) return null;
  if (!terms.data) return <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />;
  const t = terms.data;
  return (
    <Box component="section" aria-label="What you agree to" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        By sending you agree to share
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row term="What">
          {t.categories.length ? t.categories.join(' · ') : 'Your answers'}
          {t.sensitive.length ? ` (sensitive: ${t.sensitive.join(', ')})` : ''}
        </Row>
        <Row term="With">{t.controller}, who made this request</Row>
        <Row term="Why">{t.purpose || 'No purpose given'}</Row>
        <Row term="For">
          {t.reward.amount} IPT{t.reward.payAfterReview ? ', after the requester reviews your answer' : ''}
        </Row>
        <Row term="Kept">{t.retention.text}</Row>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        You get a receipt of this, signed by Parley, under My answers. There you also see each time the requester lists,
        downloads, exports or reviews your answer, and when it is deleted.
      </Typography>
    </Box>
  );
}
