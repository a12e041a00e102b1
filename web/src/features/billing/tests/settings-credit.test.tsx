import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MeDocument } from '../../../shared/session/session.generated';
import { WithdrawalDocument, WithdrawCreditToWalletDocument } from '../credit.generated';
import type { WithdrawInput } from '../../../gql/types';
import { buildCreditEntry, buildProfile, buildWithdrawal, graphQLError } from '../../../test/factories';
import { announceWallet, FAKE_ACCOUNT, fakeWallet, type FakeWalletState } from '../../../test/fake-wallet';
import { server } from '../../../test/msw-server';
import { givenCreditHistory, givenKeys, givenSignedInSession, renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

type Answer = 'sent' | 'pending' | 'lost';

// The server side of moving credit: each withdrawal debits `credit`; answers are scripted per call.
function givenWithdrawals(credit: number, answers: Answer[] = []) {
  const calls: WithdrawInput[] = [];
  let balance = credit;
  givenSignedInSession(buildProfile({ credit }));
  givenKeys();
  server.use(
    graphql.query(MeDocument, () => HttpResponse.json({ data: { me: buildProfile({ credit: balance }) } })),
    graphql.mutation(WithdrawCreditToWalletDocument, ({ variables }) => {
      calls.push(variables.input);
      const answer = answers[calls.length - 1] ?? 'sent';
      if (answer === 'lost') return HttpResponse.error();
      balance -= variables.input.amount;
      return HttpResponse.json({
        data: {
          withdrawCreditToWallet: buildWithdrawal({
            id: `w-${calls.length}`,
            amount: variables.input.amount,
            walletAddress: variables.input.walletAddress,
            status: answer,
            txHash: `0x${String(calls.length).repeat(64)}`,
          }),
        },
      });
    }),
  );
  return calls;
}

function installWallet(overrides: Partial<FakeWalletState> = {}) {
  const wallet = fakeWallet({ ipt: 1_234_567n, ...overrides });
  const cleanup = announceWallet(wallet);
  return { wallet, cleanup };
}

async function openSettings() {
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'Move credit to my wallet' });
  const form = await screen.findByRole('form', { name: 'Move credit to my wallet' });
  return { ...view, form };
}

describe('settings: moving credit to a wallet', () => {
  it('sends the amount to the connected account with an idempotency key and shows the transaction', async () => {
    const calls = givenWithdrawals(10);
    const { cleanup } = installWallet();
    try {
      const { user, form } = await openSettings();
      await waitFor(() => expect(within(form).getByLabelText('Wallet address')).toHaveValue(FAKE_ACCOUNT));
      expect(within(form).getByText('Your connected wallet')).toBeInTheDocument();

      await enterText(user, within(form).getByLabelText('Amount (IPT)'), '4');
      await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
      const sent = await screen.findByText('Sent');
      expect(sent.closest('[role="status"]')).toHaveTextContent(`4 IPT are now in the wallet ${FAKE_ACCOUNT}.`);
      expect(sent.closest('[role="status"]')).toHaveTextContent(`Transaction: 0x${'1'.repeat(64)}`);
      expect(calls).toEqual([
        { amount: 4, walletAddress: FAKE_ACCOUNT, idempotencyKey: expect.stringMatching(/^[\w-]{8,64}$/) },
      ]);
      // the credit is read again: the card and the header show the rest
      expect(await screen.findByText(/You have/)).toHaveTextContent('You have 6 IPT of credit.');
    } finally {
      cleanup();
    }
  });

  it('resends the same key after a lost answer, and uses a new key for the next withdrawal', async () => {
    const calls = givenWithdrawals(10, ['lost', 'sent', 'sent']);
    const { user, form } = await openSettings();
    const address = `0x${'ab'.repeat(20)}`;
    await enterText(user, within(form).getByLabelText('Wallet address'), address);
    await enterText(user, within(form).getByLabelText('Amount (IPT)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The credit was not moved:/);

    await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
    await screen.findByText('Sent');
    await enterText(user, within(form).getByLabelText('Amount (IPT)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
    await waitFor(() => expect(calls).toHaveLength(3));

    const [lost, retry, next] = calls;
    expect(retry).toEqual(lost);
    expect(next.idempotencyKey).not.toBe(lost.idempotencyKey);
  });

  it('follows a pending transfer until the chain confirms it', async () => {
    givenWithdrawals(10, ['pending']);
    server.use(
      graphql.query(WithdrawalDocument, ({ variables }) =>
        HttpResponse.json({ data: { withdrawal: buildWithdrawal({ id: variables.id, amount: 2, status: 'sent' }) } }),
      ),
    );
    const { user, form } = await openSettings();
    await enterText(user, within(form).getByLabelText('Wallet address'), `0x${'12'.repeat(20)}`);
    await enterText(user, within(form).getByLabelText('Amount (IPT)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(await screen.findByText('Sent', {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it('checks the amount against the credit and the address before sending', async () => {
    const calls = givenWithdrawals(5);
    const { user, form } = await openSettings();
    await enterText(user, within(form).getByLabelText('Amount (IPT)'), '6');
    await enterText(user, within(form).getByLabelText('Wallet address'), '0x1234');
    await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
    expect(within(form).getByText('You have 5 IPT of credit')).toBeInTheDocument();
    expect(within(form).getByText('A wallet address is 0x followed by 40 hex digits')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("puts the server's address problem on the field", async () => {
    givenWithdrawals(5);
    server.use(
      graphql.mutation(WithdrawCreditToWalletDocument, () =>
        graphQLError('BAD_USER_INPUT', 'walletAddress has a wrong checksum: check it for a typo', [
          { path: 'walletAddress', message: 'walletAddress has a wrong checksum: check it for a typo' },
        ]),
      ),
    );
    const { user, form } = await openSettings();
    await enterText(user, within(form).getByLabelText('Amount (IPT)'), '1');
    await enterText(user, within(form).getByLabelText('Wallet address'), `0x${'aB'.repeat(20)}`);
    await user.click(within(form).getByRole('button', { name: 'Move credit to my wallet' }));
    expect(
      await within(form).findByText('walletAddress has a wrong checksum: check it for a typo'),
    ).toBeInTheDocument();
  });

  it('points to the pricing page when there is no credit', async () => {
    givenSignedInSession(buildProfile({ credit: 0 }));
    givenKeys();
    renderApp('/admin/settings');
    const card = (await screen.findByRole('heading', { name: 'Move credit to my wallet' })).closest('section');
    expect(within(card!).getByRole('link', { name: 'Purchase IPT Tokens' })).toHaveAttribute(
      'href',
      '/auth/pricing-page',
    );
  });
});

describe('settings: credit history', () => {
  it('lists what changed the credit, newest first', async () => {
    givenSignedInSession(buildProfile({ credit: 11 }));
    givenKeys();
    givenCreditHistory([
      buildCreditEntry({ amount: -4, kind: 'withdrawal', reference: 'withdrawal:w1' }),
      buildCreditEntry({ amount: 10, kind: 'purchase' }),
      buildCreditEntry({ amount: 5, kind: 'free-plan', reference: 'free-plan:u1' }),
    ]);
    renderApp('/admin/settings');
    const list = await screen.findByRole('list', { name: 'Credit changes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/IPT$/).textContent)).toEqual(['−4 IPT', '+10 IPT', '+5 IPT']);
    expect(items[0]).toHaveTextContent(/^Moved to a wallet/);
    expect(items[1]).toHaveTextContent(/^Card purchase/);
    expect(items[2]).toHaveTextContent(/^Free Trial plan/);
    expect(screen.getByText('Balance: 11 IPT Tokens')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    givenSignedInSession();
    givenKeys();
    renderApp('/admin/settings');
    expect(await screen.findByText('No credit changes yet')).toBeInTheDocument();
  });
});

describe('settings: wallet card', () => {
  it('shows the connected account and its IPT balance', async () => {
    givenSignedInSession();
    givenKeys();
    const { cleanup } = installWallet();
    try {
      renderApp('/admin/settings');
      const details = await screen.findByLabelText('Connected wallet');
      expect(details).toHaveTextContent('0x7099…79C8 (MetaMask)');
      await waitFor(() => expect(details).toHaveTextContent('1,234,567 IPT'));
    } finally {
      cleanup();
    }
  });

  it('offers to connect a wallet that has not shared an account yet', async () => {
    givenSignedInSession();
    givenKeys();
    const { wallet, cleanup } = installWallet({ connected: false });
    try {
      const { user } = renderApp('/admin/settings');
      await user.click(await screen.findByRole('button', { name: 'Connect wallet' }));
      expect(await screen.findByLabelText('Connected wallet')).toHaveTextContent('0x7099…79C8');
      expect(wallet.methods()).toContain('eth_requestAccounts');
      // the move-credit form takes the account too
      const form = screen.queryByRole('form', { name: 'Move credit to my wallet' });
      if (form) expect(within(form).getByLabelText('Wallet address')).toHaveValue(FAKE_ACCOUNT);
    } finally {
      cleanup();
    }
  });

  it('reports a wallet on another network and switches it on request', async () => {
    givenSignedInSession();
    givenKeys();
    const { wallet, cleanup } = installWallet({ chainId: 1 });
    try {
      const { user } = renderApp('/admin/settings');
      const alert = (await screen.findByText('Wrong network.')).closest('.MuiAlert-root') as HTMLElement;
      expect(alert).toHaveTextContent('Your wallet is on chain id 1, but IPT lives on the local Parley chain');
      await user.click(within(alert).getByRole('button', { name: 'Switch network' }));
      expect(await screen.findByText('1,234,567 IPT')).toBeInTheDocument();
      expect(wallet.state.chainId).toBe(31337);
    } finally {
      cleanup();
    }
  });
});
