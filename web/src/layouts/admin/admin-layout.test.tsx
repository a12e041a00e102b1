import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DashboardSummaryDocument } from '../../features/dashboard/dashboard.generated';
import { buildProfile } from '../../test/factories';
import { server } from '../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../test/render-app';
import { APPEARANCE_STORAGE_KEY } from './appearance-settings';

async function openDashboard(profile = buildProfile({ nickname: 'Ada', credit: 55 })) {
  givenSignedInSession(profile);
  server.use(graphql.query(DashboardSummaryDocument, () => HttpResponse.json({ data: { me: profile, keys: [] } })));
  const view = renderApp('/admin/dashboard');
  await screen.findByRole('heading', { name: 'Welcome back, Ada' });
  return view;
}

describe('admin layout', () => {
  it('lists only Dashboard and Virtual Clean Room, with the user and a Settings link', async () => {
    await openDashboard();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const sections = within(sidebar).getByRole('navigation', { name: 'Sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Virtual Clean Room']);
    expect(within(sections).getByRole('link', { name: 'Virtual Clean Room' })).toHaveAttribute('href', '/admin/vcr');
    expect(within(sidebar).getByText('Ada')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });

  it('shows the credit and the account menu in the header', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'IPT credit' }));
    expect(await screen.findByText('55 IPT Tokens Bought!')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Purchase IPT Tokens' })).toHaveAttribute('href', '/auth/pricing-page');
    expect(screen.getByRole('menuitem', { name: 'Credit history' })).toHaveAttribute(
      'href',
      '/admin/settings#credit-history',
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/auth/logout-page');
  });

  it('opens a header menu from the keyboard with focus on its first item, and Escape gives focus back', async () => {
    const { user } = await openDashboard();
    const button = screen.getByRole('button', { name: 'Account' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).not.toHaveAttribute('aria-expanded');

    // the appearance panel, loaded on first use too, takes the focus and gives it back
    const appearance = screen.getByRole('button', { name: 'Appearance settings' });
    appearance.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Appearance settings' });
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(appearance).toHaveFocus());
  });

  it('remembers appearance choices in local storage', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Appearance settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Appearance settings' });

    await user.click(within(panel).getByRole('button', { name: 'Sidebar colour green' }));
    await user.click(within(panel).getByRole('button', { name: 'Sidebar background white' }));
    await user.click(within(panel).getByRole('switch', { name: 'Sidebar mini' }));
    await user.click(within(panel).getByRole('button', { name: /Sidebar image: Aurora/ }));

    expect(within(panel).getByRole('button', { name: 'Sidebar colour green' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? '{}')).toEqual({
      color: 'green',
      background: 'white',
      mini: true,
      showImage: true,
      image: 2,
    });
    expect(within(panel).getByRole('link', { name: 'Buy now' })).toHaveAttribute(
      'href',
      expect.stringContaining('creative-tim.com'),
    );
    expect(within(panel).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      expect.stringContaining('creative-tim.com'),
    );
  });

  it('starts with the remembered appearance', async () => {
    localStorage.setItem(
      APPEARANCE_STORAGE_KEY,
      JSON.stringify({ color: 'red', background: 'blue', mini: true, showImage: false, image: 1 }),
    );
    const { user } = await openDashboard();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Appearance settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Appearance settings' });
    expect(within(panel).getByRole('button', { name: 'Sidebar colour red' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('switch', { name: 'Sidebar image' })).not.toBeChecked();
  });

  it('logs out through the logout page', async () => {
    const { user, router } = await openDashboard();
    let loggedOut = false;
    server.use(
      graphql.mutation((await import('../../features/auth/auth.generated')).LogoutDocument, () => {
        loggedOut = true;
        return HttpResponse.json({ data: { logout: true } });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login-page'));
    expect(loggedOut).toBe(true);
  });
});
