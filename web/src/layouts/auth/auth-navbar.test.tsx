import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('the open pages’ top bar', () => {
  it('opens its links in a drawer (loaded on the first tap), follows one and closes', async () => {
    const view = renderApp('/auth/login-page');
    await screen.findByRole('heading', { name: 'Log in' }, { timeout: 20_000 });
    const open = screen.getByLabelText('Open navigation');
    expect(screen.queryByRole('button', { name: 'Close navigation' })).not.toBeInTheDocument();
    await userEvent.click(open);
    const close = await screen.findByRole('button', { name: 'Close navigation' });
    const drawer = close.closest('.MuiDrawer-paper') as HTMLElement;
    const links = within(drawer).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Register', 'Login', 'Lock']);
    await userEvent.click(within(drawer).getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth/register-page'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close navigation' })).not.toBeInTheDocument());
  });
});
