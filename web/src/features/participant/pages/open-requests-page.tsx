import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { phoneApi, type OpenRequest } from '../api/phone-api';
import { BonusPill, Note, Panel, Placeholder, placesLeft, Text } from '../components/light-ui';
import { LightIcon } from '../components/light-icons';
import { useLoad } from '../components/use-load';

function RequestItem({ request }: { request: OpenRequest }) {
  const asked =
    request.type === 'survey'
      ? `${request.questionCount} question${request.questionCount === 1 ? '' : 's'}`
      : 'Personal data, encrypted';
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
          <Text component="h2" sx={{ fontWeight: 500, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {request.title}
          </Text>
          {request.desc ? (
            <Text
              variant="body2"
              color="text.secondary"
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
            <BonusPill bonusEach={request.bonus_each} />
            <Text variant="caption" color="text.secondary">
              {request.type_name} · {asked} · {placesLeft(request.remaining)}
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
  const { data, error, loading, reload } = useLoad(() => phoneApi.openRequests(1, 50), 'open');
  return (
    <Box>
      <Panel label="Open requests">
        <Text variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          Open requests
        </Text>
        <Text variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Answer a survey or share data and earn a bonus in IPT, paid to your wallet. What you share is encrypted in
          this browser to the requester&apos;s key.
        </Text>
      </Panel>
      {error ? (
        <Note tone="warning">
          The requests could not be loaded: {error.message}{' '}
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
            Try again
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
        <Panel label="No requests">
          <Box sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
            <LightIcon name="inbox" size={44} color="rgba(0,0,0,.26)" />
            <Text sx={{ mt: 1, color: 'text.primary' }}>NOTHING TO ANSWER RIGHT NOW</Text>
            <Text variant="body2">New requests appear here when a requester publishes one.</Text>
          </Box>
        </Panel>
      ) : null}
      {data && data.list.length > 0 ? (
        <Box component="ul" aria-label="Open requests" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
          {data.list.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
