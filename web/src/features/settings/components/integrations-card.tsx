import Webhook from '@mui/icons-material/Webhook';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RedeliverWebhookDocument,
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
} from '../integrations.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';

export const WEBHOOK_EVENTS = [
  'response.created',
  'response.withdrawn',
  'response.deleted',
  'retention.expiring',
  'request.published',
  'payout.sent',
  'payout.failed',
  'report.created',
] as const;

// Settings > Integrations: webhook endpoints (signed as Standard Webhooks describes), the secret
// shown once, and each endpoint's delivery log with Redeliver.
export function IntegrationsCard() {
  const { data, error, refetch } = useQuery(WebhookEndpointsDocument);
  const [open, setOpen] = useState<string | null>(null);
  const [deleteEndpoint] = useMutation(DeleteWebhookEndpointDocument, { refetchQueries: [WebhookEndpointsDocument] });
  const endpoints = data?.webhookEndpoints ?? [];

  return (
    <IconCard
      icon={Webhook}
      color="green"
      title="Integrations"
      subtitle="Webhooks: signed events sent to your https endpoints (Standard Webhooks)"
      id="integrations"
    >
      <CreateEndpointForm />
      {error && !data ? (
        <LoadErrorAlert message="Your webhook endpoints could not be loaded." onRetry={() => void refetch()} />
      ) : endpoints.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          No webhook endpoints yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Webhook endpoints" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {endpoints.map((e) => (
            <Box component="li" key={e.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
                {e.url}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5, alignItems: 'center' }}>
                {e.events.map((ev) => (
                  <Chip key={ev} size="small" label={ev} />
                ))}
                {e.enabled ? null : (
                  <Chip size="small" color="error" label={`Disabled: ${e.disabledReason ?? 'failing'}`} />
                )}
                <Box sx={{ flexGrow: 1 }} />
                <Button size="small" onClick={() => setOpen(open === e.id ? null : e.id)}>
                  {open === e.id ? 'Hide deliveries' : 'Deliveries'}
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete endpoint ${e.url}`}
                  onClick={() => void deleteEndpoint({ variables: { id: e.id } })}
                >
                  Delete
                </Button>
              </Box>
              {open === e.id ? <DeliveryLog endpointId={e.id} /> : null}
            </Box>
          ))}
        </Box>
      )}
    </IconCard>
  );
}

function CreateEndpointForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['response.created']);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateWebhookEndpointDocument, {
    refetchQueries: [WebhookEndpointsDocument],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSecret(null);
    // http:// is the server's call: refused in production, accepted in development (a local receiver)
    if (!/^https?:\/\/\S/i.test(url.trim())) return setProblem('Enter an https:// URL');
    if (!events.length) return setProblem('Choose at least one event');
    try {
      const { data } = await create({ variables: { input: { url: url.trim(), events } } });
      if (data) setSecret(data.createWebhookEndpoint.secret);
      setUrl('');
    } catch (failure) {
      setProblem(toApiError(failure).message);
    }
  };
  const toggle = (ev: string) => setEvents(events.includes(ev) ? events.filter((e) => e !== ev) : [...events, ev]);

  return (
    <Box component="form" noValidate aria-label="Add a webhook endpoint" onSubmit={(e) => void submit(e)}>
      <TextField
        id="webhook-url"
        label="Endpoint URL"
        size="small"
        fullWidth
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={problem !== null}
        helperText={problem ?? 'Events are POSTed here, signed with the secret shown once'}
      />
      <FormGroup row aria-label="Events" sx={{ mt: 1 }}>
        {WEBHOOK_EVENTS.map((ev) => (
          <FormControlLabel
            key={ev}
            control={<Checkbox size="small" checked={events.includes(ev)} onChange={() => toggle(ev)} />}
            label={<Typography variant="body2">{ev}</Typography>}
          />
        ))}
      </FormGroup>
      <Button type="submit" variant="outlined" disabled={loading} sx={{ mt: 1 }}>
        Add endpoint
      </Button>
      {secret ? (
        <Alert severity="success" onClose={() => setSecret(null)} sx={{ mt: 1, wordBreak: 'break-all' }}>
          Endpoint added. Copy its signing secret now: it is shown only this once.
          <Box component="code" sx={{ display: 'block', mt: 1, fontSize: '0.85rem' }} aria-label="Signing secret">
            {secret}
          </Box>
        </Alert>
      ) : null}
    </Box>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { data, error } = useQuery(WebhookDeliveriesDocument, { variables: { endpointId } });
  const [redeliver, { loading }] = useMutation(RedeliverWebhookDocument, {
    refetchQueries: [WebhookDeliveriesDocument, WebhookEndpointsDocument],
  });
  if (error) return <Alert severity="error">The delivery log could not be loaded.</Alert>;
  const deliveries = data?.webhookDeliveries ?? [];
  if (data && !deliveries.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Nothing delivered yet.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Deliveries" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {deliveries.map((d) => (
        <Box
          component="li"
          key={d.id}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, py: 0.5 }}
          title={d.lastError ?? undefined}
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {d.eventType}
          </Typography>
          <Typography variant="body2">
            {d.status}
            {d.responseStatus ? ` (${d.responseStatus})` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            attempt {d.attempts}
            {d.durationMs === null ? '' : ` · ${d.durationMs} ms`} · {formatDateTime(d.createdAt)}
          </Typography>
          <Button size="small" disabled={loading} onClick={() => void redeliver({ variables: { id: d.id } })}>
            Redeliver
          </Button>
        </Box>
      ))}
    </Box>
  );
}
