import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AuthStatusDocument } from '../../../shared/session/session.generated';
import { LoginDocument } from '../../auth/auth.generated';
import { NotificationsDocument } from '../../notifications/notifications.generated';
import { PlansDocument } from '../pricing.generated';
import { buildProfile, PLANS } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

describe('pricing page', () => {
  it('offers the four plans of the server under "Purchase IPT Tokens"', async () => {
    renderApp('/auth/pricing-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase IPT Tokens' })).toBeInTheDocument();
    const plans = await screen.findAllByRole('article');
    expect(plans.map((plan) => within(plan).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Trial',
      'Starter',
      'Bulk discount 1',
      'Bulk discount 2',
    ]);
    const summary = plans.map((plan) => [
      within(plan).getByText(/^(FREE|\$\d+)$/).textContent,
      within(plan).getByText(/IPT Tokens$/).textContent,
    ]);
    expect(summary).toEqual([
      ['FREE', '5 IPT Tokens'],
      ['$10', '10 IPT Tokens'],
      ['$50', '55 IPT Tokens'],
      ['$100', '120 IPT Tokens'],
    ]);
    expect(within(plans[1]).getByRole('link', { name: 'Choose Starter' })).toHaveAttribute(
      'href',
      '/admin/checkout-page/10credits/usd',
    );
    expect(within(plans[0]).getByRole('link', { name: 'Choose Trial' })).toHaveAttribute(
      'href',
      '/admin/checkout-page/5credits/usd',
    );
  });

  it('shows what the server sends, not a price list of its own', async () => {
    server.use(
      graphql.query(PlansDocument, () =>
        HttpResponse.json({ data: { plans: [{ ...PLANS[1], name: 'Starter', priceCents: 1200 }] } }),
      ),
    );
    renderApp('/auth/pricing-page');
    const [plan] = await screen.findAllByRole('article');
    expect(within(plan).getByText('$12')).toBeInTheDocument();
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    let calls = 0;
    server.use(
      graphql.query(PlansDocument, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ data: { plans: PLANS } });
      }),
    );
    const { user } = renderApp('/auth/pricing-page');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });

  it('sends a visitor through the login page and back to the chosen checkout', async () => {
    let loggedIn = false;
    const profile = buildProfile({ credit: 0 });
    server.use(
      graphql.query(AuthStatusDocument, () =>
        HttpResponse.json({
          data: { authStatus: { loggedIn, user: loggedIn ? profile : null } },
        }),
      ),
      graphql.mutation(LoginDocument, () => {
        loggedIn = true;
        return HttpResponse.json({ data: { login: profile } });
      }),
      graphql.query(NotificationsDocument, () => HttpResponse.json({ data: { notifications: [] } })),
    );
    const { user, router } = renderApp('/auth/pricing-page');
    const [, starter] = await screen.findAllByRole('article');
    await user.click(within(starter).getByRole('link', { name: 'Choose Starter' }));

    await screen.findByRole('heading', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/auth/login-page');
    expect(router.state.location.search).toBe('?next=%2Fadmin%2Fcheckout-page%2F10credits%2Fusd');

    await enterText(user, screen.getByLabelText('Username or e-mail'), 'ada');
    await enterText(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: "Let's Go" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/checkout-page/10credits/usd');
  });
});
