import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { phoneApi, type OpenRequest } from '../api/phone-api';
import { BonusPill, Note, Panel, Placeholder, placesLeft, Text } from '../components/light-ui';
import { LightIcon } from '../components/light-icons';
import { useLoad } from '../components/use-load';
import { useServerErrorText } from '../components/use-server-error-text';
import { useT } from '../i18n/i18n';

function RequestItem({ request }: { request: OpenRequest }) {
  const t = useT();
  const asked =
    request.type === 'survey'
      ? request.questionCount === 1
        ? t('{{count}} question', { count: 1 })
        : t('{{count}} questions', { count: request.questionCount })
      : t('Personal data, encrypted');
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component={RouterLink}
        to={`/p/r/${request.id}`}
        sx={{
          p: 2,
          display: 'flex',
          gap: 2,
          alignItems: 'flex-start',
          bgcolor: '#fff',
          borderRadius: 2,
          boxShadow: '0 1px 4px rgba(0,0,0,.12)',
          color: 'text.primary',
          textDecoration: 'none',
          '&:hover, &:focus-visible': { boxShadow: '0 3px 12px rgba(0,0,0,.18)' },
        }}
      >
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: request.type === 'survey' ? '#e0f7fa' : '#f3e5f5',
            color: request.type === 'survey' ? '#0097a7' : '#7b1fa2',
          }}
        >
          <LightIcon name={request.type === 'survey' ? 'poll' : 'storage'} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Text component="h2" dir="auto" sx={{ fontWeight: 500, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {request.title}
          </Text>
          {request.desc ? (
            <Text
              variant="body2"
              color="text.secondary"
              dir="auto"
              sx={{
                mt: 0.25,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {request.desc}
            </Text>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <BonusPill bonusEach={request.bonus_each} t={t} />
            <Text variant="caption" color="text.secondary">
              {request.type === 'survey' ? t('Survey') : t('Collection')} · {asked} · {placesLeft(request.remaining, t)}
            </Text>
          </Box>
        </Box>
        <Box sx={{ color: 'text.disabled', alignSelf: 'center', display: 'flex' }}>
          <LightIcon name="chevronRight" />
        </Box>
      </Box>
    </Box>
  );
}

// /p: what a participant can answer now (published requests with a paid place left).
export function OpenRequestsPage() {
  const t = useT();
  const { data, error, loading, reload } = useLoad(() => phoneApi.openRequests(1, 50), 'open');
  const errorText = useServerErrorText(error);
  return (
    <Box>
      <Panel label={t('Open requests')}>
        <Text variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          {t('Open requests')}
        </Text>
        <Text variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t(
            "Answer a survey or share data and earn a bonus in IPT, paid to your wallet. What you share is encrypted in this browser to the requester's key.",
          )}
        </Text>
      </Panel>
      {error && errorText !== null ? (
        <Note tone="warning">
          {t('The requests could not be loaded: {{message}}', { message: errorText })}{' '}
          <Box
            component="button"
            type="button"
            onClick={reload}
            sx={{
              font: 'inherit',
              fontWeight: 500,
              color: 'inherit',
              textDecoration: 'underline',
              bgcolor: 'transparent',
              border: 0,
              p: 0,
              cursor: 'pointer',
            }}
          >
            {t('Try again')}
          </Box>
        </Note>
      ) : null}
      {loading ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy>
          {[0, 1, 2].map((i) => (
            <Placeholder key={i} height={96} />
          ))}
        </Box>
      ) : null}
      {data && data.list.length === 0 ? (
        <Panel label={t('No requests')}>
          <Box sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
            <LightIcon name="inbox" size={44} color="rgba(0,0,0,.26)" />
            <Text sx={{ mt: 1, color: 'text.primary', textTransform: 'uppercase' }}>
              {t('Nothing to answer right now')}
            </Text>
            <Text variant="body2">{t('New requests appear here when a requester publishes one.')}</Text>
          </Box>
        </Panel>
      ) : null}
      {data && data.list.length > 0 ? (
        <Box component="ul" aria-label={t('Open requests')} sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
          {data.list.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
