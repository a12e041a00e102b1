import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DashboardSummaryDocument } from '../../dashboard/dashboard.generated';
import { LoginDocument, ResendVerificationEmailDocument } from '../auth.generated';
import { buildProfile, graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

async function openLogin() {
  const view = renderApp('/auth/login-page');
  await screen.findByRole('heading', { name: 'Log in' });
  return view;
}

describe('login page', () => {
  it('marks empty and blank fields and sends nothing', async () => {
    let calls = 0;
    server.use(
      graphql.mutation(LoginDocument, () => {
        calls += 1;
        return graphQLError('UNAUTHENTICATED', 'Invalid username or password');
      }),
    );
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: "Let's Go" }));
    expect(screen.getByLabelText('Username or e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    // blank after trimming still counts as empty
    await enterText(user, screen.getByLabelText('Username or e-mail'), '   ');
    await enterText(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: "Let's Go" }));
    expect(screen.getByLabelText('Username or e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(calls).toBe(0);
  });

  it('shows the "Login failed" dialog for wrong credentials', async () => {
    server.use(graphql.mutation(LoginDocument, () => graphQLError('UNAUTHENTICATED', 'Invalid username or password')));
    const { user } = await openLogin();

    await enterText(user, screen.getByLabelText('Username or e-mail'), 'ada');
    await enterText(user, screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: "Let's Go" }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Login failed' });
    expect(dialog).toHaveTextContent('Please enter the correct login information');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says how long to wait when the server throttles logins', async () => {
    server.use(
      graphql.mutation(LoginDocument, () =>
        graphQLError('RATE_LIMITED', 'Too many failed logins. Try again in 8 seconds.'),
      ),
    );
    const { user } = await openLogin();

    await enterText(user, screen.getByLabelText('Username or e-mail'), 'ada');
    await enterText(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: "Let's Go" }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Login failed' });
    expect(dialog).toHaveTextContent('Too many failed logins. Try again in 8 seconds.');
  });

  it("shows the server's message for an unverified e-mail and resends the mail", async () => {
    let resentTo: string | null = null;
    server.use(
      graphql.mutation(LoginDocument, () =>
        graphQLError('EMAIL_NOT_VERIFIED', 'Please verify your e-mail address before logging in'),
      ),
      graphql.mutation(ResendVerificationEmailDocument, ({ variables }) => {
        resentTo = variables.email;
        return HttpResponse.json({ data: { resendVerificationEmail: true } });
      }),
    );
    const { user } = await openLogin();

    await enterText(user, screen.getByLabelText('Username or e-mail'), 'ada@example.com');
    await enterText(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: "Let's Go" }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Login failed' });
    expect(dialog).toHaveTextContent('Please verify your e-mail address before logging in');
    expect(within(dialog).getByLabelText('E-mail address')).toHaveValue('ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(dialog).findByText(/a new verification e-mail is on its way/)).toBeInTheDocument();
    expect(resentTo).toBe('ada@example.com');
  });

  it('logs in with the trimmed username and goes to the dashboard', async () => {
    const profile = buildProfile({ nickname: 'Countess' });
    let sent: { username: string; password: string } | null = null;
    server.use(
      graphql.mutation(LoginDocument, ({ variables }) => {
        sent = variables.input;
        // from now on the cookie is a live session
        givenSignedInSession(profile);
        return HttpResponse.json({ data: { login: profile } });
      }),
      graphql.query(DashboardSummaryDocument, () => HttpResponse.json({ data: { me: profile, keys: [] } })),
    );
    const { user, router } = await openLogin();

    await enterText(user, screen.getByLabelText('Username or e-mail'), '  ada  ');
    await enterText(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: "Let's Go" }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Countess' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(sent).toEqual({ username: 'ada', password: 'secret1' });
  });
});
