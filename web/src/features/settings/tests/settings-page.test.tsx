import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordDocument, UpdateProfileDocument, UploadAvatarDocument } from '../settings.generated';
import type { ChangePasswordInput } from '../../../gql/types';
import { buildProfile, graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenKeys, givenRuntimeConfig, givenSignedInSession, renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

type Calls = { updateProfile: string[]; changePassword: ChangePasswordInput[]; uploadAvatar: number };

function recordProfileCalls(options: { failUpdate?: boolean; failPassword?: boolean } = {}): Calls {
  const calls: Calls = { updateProfile: [], changePassword: [], uploadAvatar: 0 };
  server.use(
    graphql.mutation(UpdateProfileDocument, ({ variables }) => {
      calls.updateProfile.push(variables.input.nickname);
      if (options.failUpdate)
        return graphQLError('BAD_USER_INPUT', 'Nickname must be at most 64 characters', [
          { path: 'nickname', message: 'Nickname must be at most 64 characters' },
        ]);
      return HttpResponse.json({ data: { updateProfile: buildProfile({ nickname: variables.input.nickname }) } });
    }),
    graphql.mutation(ChangePasswordDocument, ({ variables }) => {
      calls.changePassword.push(variables.input);
      if (options.failPassword)
        return graphQLError('BAD_USER_INPUT', 'Old password is incorrect', [
          { path: 'oldPassword', message: 'Old password is incorrect' },
        ]);
      return HttpResponse.json({ data: { changePassword: true } });
    }),
    graphql.mutation(UploadAvatarDocument, () => {
      calls.uploadAvatar += 1;
      return HttpResponse.json({ data: { uploadAvatar: buildProfile({ avatarUrl: '/media/avatars/new.png' }) } });
    }),
  );
  return calls;
}

async function openSettings() {
  givenSignedInSession(buildProfile({ nickname: 'Ada' }));
  givenKeys();
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'Edit Profile' });
  const profile = screen.getByRole('form', { name: 'Edit profile' });
  const save = () => view.user.click(within(profile).getByRole('button', { name: 'Save' }));
  return { ...view, profile, save };
}

describe('settings: profile', () => {
  it('requires a nickname and sends nothing without one', async () => {
    const calls = recordProfileCalls();
    const { user, save } = await openSettings();

    await user.clear(screen.getByLabelText(/Nickname/));
    await enterText(user, screen.getByLabelText(/Nickname/), '   ');
    await save();
    expect(screen.getByLabelText(/Nickname/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Nickname is required')).toBeInTheDocument();
    expect(calls.updateProfile).toEqual([]);
  });

  it('shows "Save Profile Failed" when the server refuses', async () => {
    recordProfileCalls({ failUpdate: true });
    const { user, save } = await openSettings();

    await user.clear(screen.getByLabelText(/Nickname/));
    await enterText(user, screen.getByLabelText(/Nickname/), 'Countess');
    await save();
    const dialog = await screen.findByRole('alertdialog', { name: 'Save Profile Failed' });
    expect(dialog).toHaveTextContent('Nickname must be at most 64 characters');
  });

  it('changes only the nickname when no new password is entered', async () => {
    const calls = recordProfileCalls();
    const { user, save } = await openSettings();

    await user.clear(screen.getByLabelText(/Nickname/));
    await enterText(user, screen.getByLabelText(/Nickname/), ' Countess ');
    await enterText(user, screen.getByLabelText('Old password'), 'secret1');
    await save();
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.updateProfile).toEqual(['Countess']);
    expect(calls.changePassword).toEqual([]);
  });

  it('needs a matching confirmation before changing the password', async () => {
    const calls = recordProfileCalls();
    const { user, save } = await openSettings();

    await enterText(user, screen.getByLabelText('Old password'), 'secret1');
    await enterText(user, screen.getByLabelText('New password'), 'secret22');
    await enterText(user, screen.getByLabelText('Confirm password'), 'secret23');
    await save();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.changePassword).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm password'));
    await enterText(user, screen.getByLabelText('Confirm password'), 'secret22');
    await save();
    await waitFor(() =>
      expect(calls.changePassword).toEqual([
        { oldPassword: 'secret1', newPassword: 'secret22', confirmPassword: 'secret22' },
      ]),
    );
    expect(calls.updateProfile).toEqual([]);
  });

  it('puts a wrong old password on its field and in the failure dialog', async () => {
    recordProfileCalls({ failPassword: true });
    const { user, save } = await openSettings();

    await enterText(user, screen.getByLabelText('Old password'), 'nope12');
    await enterText(user, screen.getByLabelText('New password'), 'secret22');
    await enterText(user, screen.getByLabelText('Confirm password'), 'secret22');
    await save();
    const dialog = await screen.findByRole('alertdialog', { name: 'Save Profile Failed' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.getByLabelText('Old password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a chosen picture on Save', async () => {
    const calls = recordProfileCalls();
    const { user, save } = await openSettings();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Profile picture'), png);
    expect(screen.getByText('me.png will be uploaded when you save.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(calls.uploadAvatar).toBe(1));
    expect(calls.updateProfile).toEqual([]);
  });
});

describe('settings: wallet', () => {
  it('asks for Metamask when the browser has no wallet', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Add IPT Tokens to your Metamask' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Metamask account required' });
    expect(dialog).toHaveTextContent('Please install meta to continue to recieve IPT tokens!');
  });

  it("asks the wallet to watch the IPT token at the server's address", async () => {
    const address = `0x${'ab'.repeat(20)}`;
    const request = vi.fn(async () => true);
    (window as Window & { ethereum?: unknown }).ethereum = { request };
    givenRuntimeConfig({ iptTokenAddress: address });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Add IPT Tokens to your Metamask' }));
    expect(await screen.findByText('IPT is now listed in your wallet.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address, symbol: 'IPT', decimals: 0 } },
    });
  });
});
