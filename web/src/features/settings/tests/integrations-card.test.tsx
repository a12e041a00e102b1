import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RedeliverWebhookDocument,
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
  type IntegrationsCard_EndpointFragment,
} from '../integrations.generated';
import { buildProfile, graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenKeys, givenSignedInSession, renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

const endpoint = (over: Partial<IntegrationsCard_EndpointFragment> = {}) => ({
  __typename: 'WebhookEndpoint' as const,
  id: crypto.randomUUID(),
  url: 'https://crm.example.com/hooks/parley',
  events: ['response.created'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-02-01T09:00:00.000Z',
  ...over,
});

// A tiny server-side endpoint table with one endpoint's delivery log.
function givenWebhookServer(initial: ReturnType<typeof endpoint>[]) {
  let endpoints = initial;
  const calls = { created: [] as unknown[], deleted: [] as string[], redelivered: [] as string[] };
  server.use(
    graphql.query(WebhookEndpointsDocument, () => HttpResponse.json({ data: { webhookEndpoints: endpoints } })),
    graphql.query(WebhookDeliveriesDocument, () =>
      HttpResponse.json({
        data: {
          webhookDeliveries: [
            {
              id: 'd1',
              eventType: 'response.created',
              status: 'failed',
              attempts: 20,
              responseStatus: 500,
              durationMs: 42,
              lastError: 'HTTP 500',
              createdAt: '2026-02-01T09:30:00.000Z',
            },
          ],
        },
      }),
    ),
    graphql.mutation(CreateWebhookEndpointDocument, ({ variables }) => {
      calls.created.push(variables.input);
      // (as a production server answers)
      if (variables.input.url.startsWith('http:')) return graphQLError('BAD_USER_INPUT', 'url: must be an https URL');
      if (variables.input.url.includes('10.0.0.1'))
        return graphQLError('BAD_USER_INPUT', 'url: must not point at a loopback, private or link-local address');
      const e = endpoint({ url: variables.input.url, events: variables.input.events });
      endpoints = [...endpoints, e];
      return HttpResponse.json({
        data: {
          createWebhookEndpoint: { secret: 'whsec_SECRETsecret', endpoint: e },
        },
      });
    }),
    graphql.mutation(DeleteWebhookEndpointDocument, ({ variables }) => {
      calls.deleted.push(variables.id);
      endpoints = endpoints.filter((e) => e.id !== variables.id);
      return HttpResponse.json({ data: { deleteWebhookEndpoint: true } });
    }),
    graphql.mutation(RedeliverWebhookDocument, ({ variables }) => {
      calls.redelivered.push(variables.id);
      return HttpResponse.json({ data: { redeliverWebhook: { id: 'd2' } } });
    }),
  );
  return calls;
}

async function openSettings() {
  givenSignedInSession(buildProfile({ nickname: 'Ada' }));
  givenKeys();
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'Integrations' });
  return view;
}

describe('settings: integrations', () => {
  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const calls = givenWebhookServer([]);
    const { user } = await openSettings();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });

    await enterText(user, within(form).getByLabelText('Endpoint URL'), 'crm.example.com/x');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Enter an https:// URL')).toBeInTheDocument();
    expect(calls.created).toEqual([]);

    // http:// goes to the server, which takes it in development and refuses it in production
    await user.clear(within(form).getByLabelText('Endpoint URL'));
    await enterText(user, within(form).getByLabelText('Endpoint URL'), 'http://crm.example.com/x');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('url: must be an https URL')).toBeInTheDocument();
    expect(calls.created).toEqual([{ url: 'http://crm.example.com/x', events: ['response.created'] }]);

    await user.clear(within(form).getByLabelText('Endpoint URL'));
    await enterText(user, within(form).getByLabelText('Endpoint URL'), 'https://10.0.0.1/x');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(/must not point at a loopback/)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Endpoint URL'));
    await enterText(user, within(form).getByLabelText('Endpoint URL'), 'https://crm.example.com/hooks/parley');
    await user.click(within(form).getByLabelText('payout.sent'));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent('whsec_SECRETsecret');
    expect(calls.created.at(-1)).toEqual({
      url: 'https://crm.example.com/hooks/parley',
      events: ['response.created', 'payout.sent'],
    });
    const table = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(table).getByText('https://crm.example.com/hooks/parley')).toBeInTheDocument();
    expect(within(table).getByText('payout.sent')).toBeInTheDocument();
  });

  it('shows the delivery log with Redeliver, marks a disabled endpoint, and deletes one', async () => {
    const disabled = endpoint({ enabled: false, disabledReason: 'Deliveries failed for 3 days' });
    const calls = givenWebhookServer([disabled]);
    const { user } = await openSettings();
    const table = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(table).getByText('Disabled: Deliveries failed for 3 days')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('failed (500)')).toBeInTheDocument();
    expect(within(log).getByText(/attempt 20 · 42 ms/)).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(calls.redelivered).toEqual(['d1']));

    await user.click(screen.getByRole('button', { name: `Delete endpoint ${disabled.url}` }));
    await waitFor(() => expect(calls.deleted).toEqual([disabled.id]));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
  });
});
