import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DashboardSummaryDocument } from '../../dashboard/dashboard.generated';
import { DeleteNotificationDocument, NotificationsDocument } from '../notifications.generated';
import { buildNotification, buildProfile } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';

async function openDashboard() {
  const profile = buildProfile();
  server.use(graphql.query(DashboardSummaryDocument, () => HttpResponse.json({ data: { me: profile, keys: [] } })));
  const view = renderApp('/admin/dashboard');
  await screen.findByRole('heading', { name: /Welcome back/ });
  return view;
}

describe('notifications dropdown', () => {
  it('shows no count badge when there are no notifications', async () => {
    givenSignedInSession(buildProfile(), { notifications: [] });
    const { user } = await openDashboard();

    const button = await screen.findByRole('button', { name: 'Notifications' });
    expect(button.querySelector('.MuiBadge-badge')).toBeNull();
    expect(within(button).queryByText(/\d/)).toBeNull();
    await user.click(button);
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
  });

  it('deletes a notification when it is clicked and reloads the list', async () => {
    givenSignedInSession();
    let rows = [
      buildNotification('n1', 'Your survey got a response'),
      buildNotification('n2', 'Room invite from Grace'),
    ];
    const deleted: string[] = [];
    server.use(
      graphql.query(NotificationsDocument, () => HttpResponse.json({ data: { notifications: rows } })),
      graphql.mutation(DeleteNotificationDocument, ({ variables }) => {
        deleted.push(variables.id);
        rows = rows.filter((row) => row.id !== variables.id);
        return HttpResponse.json({ data: { deleteNotification: true } });
      }),
    );
    const { user } = await openDashboard();

    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(button).getByText('2')).toBeInTheDocument();
    await user.click(button);
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByText('Your survey got a response'));

    await waitFor(() => expect(deleted).toEqual(['n1']));
    await waitFor(() => expect(within(menu).queryByText('Your survey got a response')).not.toBeInTheDocument());
    expect(within(menu).getByText('Room invite from Grace')).toBeInTheDocument();
    // the open menu hides the rest of the page from the accessibility tree
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();
  });
});
