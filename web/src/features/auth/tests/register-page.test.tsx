import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RegisterDocument } from '../auth.generated';
import type { RegisterInput } from '../../../gql/types';
import { graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

type Fill = Partial<{ username: string; email: string; password: string; confirmPassword: string; terms: boolean }>;

async function openRegister() {
  const view = renderApp('/auth/register-page');
  await screen.findByRole('heading', { name: 'Register' });
  const fill = async ({
    username = 'ada',
    email = 'ada@example.com',
    password = 'secret1',
    confirmPassword = password,
    terms = true,
  }: Fill = {}) => {
    const { user } = view;
    if (username) await enterText(user, screen.getByLabelText('Username'), username);
    if (email) await enterText(user, screen.getByLabelText('Email'), email);
    if (password) await enterText(user, screen.getByLabelText('Password'), password);
    if (confirmPassword) await enterText(user, screen.getByLabelText('Confirm Password'), confirmPassword);
    if (terms) await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Get started' }));
  return { ...view, fill, submit };
}

// Records every register call so tests can assert that nothing was sent.
function recordRegisterCalls(result: { guest: boolean } | 'error' = { guest: false }) {
  const calls: RegisterInput[] = [];
  server.use(
    graphql.mutation(RegisterDocument, ({ variables }) => {
      calls.push(variables.input);
      if (result === 'error') {
        return graphQLError(
          'BAD_USER_INPUT',
          'username: Username may contain only letters, digits, dot, dash and underscore',
          [{ path: 'username', message: 'Username may contain only letters, digits, dot, dash and underscore' }],
        );
      }
      const user = { __typename: 'Profile', id: 'u1', email: variables.input.email };
      const register = { __typename: 'RegisterResult', guest: result.guest, user };
      return HttpResponse.json({ data: { register } });
    }),
  );
  return calls;
}

describe('registration page', () => {
  it('marks empty fields and blank-after-trim values, sending nothing', async () => {
    const calls = recordRegisterCalls();
    const { fill, submit } = await openRegister();

    await submit();
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }

    await fill({ username: '   ', email: '  ' });
    await submit();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('rejects a confirmation that does not match', async () => {
    const calls = recordRegisterCalls();
    const { fill, submit } = await openRegister();

    await fill({ password: 'secret1', confirmPassword: 'secret2' });
    await submit();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('hints at the password rule in the placeholder', async () => {
    await openRegister();
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'placeholder',
      expect.stringMatching(/letters and digits.*6/i),
    );
  });

  it('stops silently while the terms are not ticked', async () => {
    const calls = recordRegisterCalls();
    const { fill, submit } = await openRegister();

    await fill({ terms: false });
    await submit();
    // give a request the chance to happen
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
  });

  it('congratulates and asks to verify the e-mail when guest is false, then goes to login', async () => {
    const calls = recordRegisterCalls({ guest: false });
    const { fill, submit, user, router } = await openRegister();

    await fill({ username: ' ada ', email: ' ada@example.com ' });
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(dialog).toHaveTextContent(
      'We have sent a verification e-mail to ada@example.com. Please verify your e-mail address before you log in.',
    );
    expect(calls).toEqual([{ username: 'ada', email: 'ada@example.com', password: 'secret1' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login-page'));
  });

  it('says the user has been registered when guest is true', async () => {
    recordRegisterCalls({ guest: true });
    const { fill, submit } = await openRegister();

    await fill();
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(dialog).toHaveTextContent('You have been registered. You can log in now.');
    expect(dialog).not.toHaveTextContent('verification');
  });

  it('shows the "Register failed" dialog and the server field error, then returns to the form', async () => {
    recordRegisterCalls('error');
    const { fill, submit, user } = await openRegister();

    await fill({ username: 'ada lovelace' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Register failed' });
    expect(dialog).toHaveTextContent('Please fix the problem on the registration form and try again.');

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Username may contain only letters, digits, dot, dash and underscore')).toBeInTheDocument();
  });
});
