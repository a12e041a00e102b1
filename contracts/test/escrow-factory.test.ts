import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZeroAddress, getAddress, type Wallet } from 'ethers';
import { readArtifact } from '../../api/src/modules/chain/artifacts';
import { toRequestId } from '../../scripts/chain/anvil';
import { FUNDING, expectRevert, mined, startChainFixture, type ChainFixture } from './chain-fixture';

// Request ids as the app has them (UUID strings), hashed to bytes32 for the factory.
const REQUEST_MAIN = toRequestId('9d3c1f6e-1a57-4a39-9a55-000000000001');
const REQUEST_SMALL = toRequestId('9d3c1f6e-1a57-4a39-9a55-000000000002');
const REQUEST_AUTH = toRequestId('9d3c1f6e-1a57-4a39-9a55-000000000003');

describe('EscrowFactory and RequestEscrow', () => {
  let fx: ChainFixture;
  let mainEscrow: string;
  let smallEscrow: string;
  let authEscrow: string;

  const balance = async (address: string): Promise<bigint> => fx.token().getFunction('balanceOf')(address);

  // Approves the factory and creates a funded escrow as `requester`; returns the escrow address.
  async function createEscrow(requester: Wallet, requestId: string, amount: bigint, bonusEach: bigint) {
    await mined(fx.token(requester).getFunction('approve')(fx.deployment.factory, amount));
    const receipt = await mined(fx.factory(requester).getFunction('createEscrow')(requestId, amount, bonusEach));
    const created = receipt.logs
      .map((log) => fx.factory().interface.parseLog(log))
      .find((event) => event?.name === 'EscrowCreated');
    if (!created) throw new Error('no EscrowCreated event');
    return { escrow: getAddress(created.args.escrow), event: created, receipt };
  }

  beforeAll(async () => {
    fx = await startChainFixture();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  describe('deployment', () => {
    it('deploys the factory with its token, owner, implementation and operator', async () => {
      const factory = fx.factory();
      expect(await factory.getFunction('token')()).toBe(fx.deployment.token);
      expect(await factory.getFunction('owner')()).toBe(fx.deployer.address);
      expect(await factory.getFunction('implementation')()).toBe(fx.deployment.escrowImplementation);
      expect(await factory.getFunction('isOperator')(fx.deployer.address)).toBe(true);
      expect(await factory.getFunction('isOperator')(fx.requester.address)).toBe(false);
      // No immutables in the escrow: the implementation's code is exactly the committed artifact.
      expect(await fx.provider.getCode(fx.deployment.escrowImplementation)).toBe(
        readArtifact('RequestEscrow').deployedBytecode,
      );
    });

    it('maps string ids the same way on-chain and off-chain', async () => {
      expect(await fx.factory().getFunction('requestIdOf')('9d3c1f6e-1a57-4a39-9a55-000000000001')).toBe(REQUEST_MAIN);
    });
  });

  describe('createEscrow', () => {
    it('creates a clone at the predicted address and funds it from the requester in one transaction', async () => {
      const predicted = await fx.factory().getFunction('predictEscrowAddress')(REQUEST_MAIN);
      expect(await fx.provider.getCode(predicted)).toBe('0x');

      const { escrow, event, receipt } = await createEscrow(fx.requester, REQUEST_MAIN, 100n, 10n);
      mainEscrow = escrow;

      expect(escrow).toBe(predicted);
      expect(event.args.toArray()).toEqual([REQUEST_MAIN, predicted, fx.requester.address, 100n, 10n]);
      expect(receipt.gasUsed).toBeLessThan(300_000n);
      expect(await fx.factory().getFunction('escrowOf')(REQUEST_MAIN)).toBe(escrow);

      // An EIP-1167 minimal proxy pointing at the implementation.
      const implementation = fx.deployment.escrowImplementation.slice(2).toLowerCase();
      expect(await fx.provider.getCode(escrow)).toBe(
        `0x363d3d373d3d3d363d73${implementation}5af43d82803e903d91602b57fd5bf3`,
      );

      expect(await balance(fx.requester.address)).toBe(FUNDING - 100n);
      expect(await balance(escrow)).toBe(100n);
      expect(await balance(fx.deployment.factory)).toBe(0n);
      expect(await fx.token().getFunction('allowance')(fx.requester.address, fx.deployment.factory)).toBe(0n);

      const contract = fx.escrow(escrow);
      expect(await contract.getFunction('requester')()).toBe(fx.requester.address);
      expect(await contract.getFunction('requestId')()).toBe(REQUEST_MAIN);
      expect(await contract.getFunction('bonusEach')()).toBe(10n);
      expect(await contract.getFunction('factory')()).toBe(fx.deployment.factory);
      expect(await contract.getFunction('token')()).toBe(fx.deployment.token);
      expect(await contract.getFunction('closed')()).toBe(false);
      expect(await contract.getFunction('remaining')()).toBe(100n);
    });

    it('rejects a second escrow for the same request id', async () => {
      await mined(fx.token(fx.alice).getFunction('approve')(fx.deployment.factory, 50n));
      await expectRevert(
        fx.factory(fx.alice).getFunction('createEscrow')(REQUEST_MAIN, 50n, 5n),
        'EscrowFactory__EscrowExists',
        [REQUEST_MAIN, mainEscrow],
      );
      expect(await balance(fx.alice.address)).toBe(FUNDING);
      expect(await balance(mainEscrow)).toBe(100n);
      await mined(fx.token(fx.alice).getFunction('approve')(fx.deployment.factory, 0n));
    });

    it('rejects creation without an allowance', async () => {
      await expectRevert(
        fx.factory(fx.stranger).getFunction('createEscrow')(toRequestId('no-allowance'), 50n, 5n),
        'ERC20InsufficientAllowance',
        [fx.deployment.factory, 0n, 50n],
      );
      expect(await fx.factory().getFunction('escrowOf')(toRequestId('no-allowance'))).toBe(ZeroAddress);
    });

    it('rejects a zero bonus and funding below one bonus', async () => {
      const factory = fx.factory(fx.requester);
      await expectRevert(
        factory.getFunction('createEscrow')(toRequestId('zero'), 10n, 0n),
        'EscrowFactory__InvalidAmount',
        [10n, 0n],
      );
      await expectRevert(
        factory.getFunction('createEscrow')(toRequestId('low'), 4n, 5n),
        'EscrowFactory__InvalidAmount',
        [4n, 5n],
      );
    });
  });

  describe('pay', () => {
    it('pays two participants exactly bonusEach each', async () => {
      const escrow = fx.escrow(mainEscrow);
      const receipt = await mined(escrow.getFunction('pay')(fx.alice.address));
      await mined(escrow.getFunction('pay')(fx.bob.address));

      expect(await balance(fx.alice.address)).toBe(FUNDING + 10n);
      expect(await balance(fx.bob.address)).toBe(FUNDING + 10n);
      expect(await balance(mainEscrow)).toBe(80n);
      expect(await escrow.getFunction('isPaid')(fx.alice.address)).toBe(true);
      expect(await escrow.getFunction('isPaid')(fx.carol.address)).toBe(false);

      const paid = receipt.logs.map((log) => escrow.interface.parseLog(log)).find((e) => e?.name === 'ParticipantPaid');
      expect(paid?.args.toArray()).toEqual([fx.alice.address, fx.deployer.address, 10n]);
    });

    it('rejects paying the same participant twice', async () => {
      await expectRevert(fx.escrow(mainEscrow).getFunction('pay')(fx.alice.address), 'Escrow__AlreadyPaid', [
        fx.alice.address,
      ]);
      expect(await balance(fx.alice.address)).toBe(FUNDING + 10n);
      expect(await balance(mainEscrow)).toBe(80n);
    });

    it('rejects the zero address as participant', async () => {
      await expectRevert(fx.escrow(mainEscrow).getFunction('pay')(ZeroAddress), 'Escrow__InvalidParticipant');
    });

    it('rejects paying more participants than the funding covers', async () => {
      // 25 IPT at 10 each: two payments fit, the third would overdraw.
      const { escrow: address } = await createEscrow(fx.requester, REQUEST_SMALL, 25n, 10n);
      smallEscrow = address;
      const escrow = fx.escrow(address);
      await mined(escrow.getFunction('pay')(fx.alice.address));
      await mined(escrow.getFunction('pay')(fx.bob.address));
      await expectRevert(escrow.getFunction('pay')(fx.carol.address), 'Escrow__InsufficientBalance', [5n, 10n]);

      expect(await balance(address)).toBe(5n);
      expect(await balance(fx.carol.address)).toBe(FUNDING);
      expect(await balance(fx.alice.address)).toBe(FUNDING + 20n);
      expect(await balance(fx.requester.address)).toBe(FUNDING - 125n);
    });
  });

  describe('close', () => {
    it('refunds the exact remainder to the requester and then rejects payments', async () => {
      const before = await balance(fx.requester.address);
      const escrow = fx.escrow(mainEscrow, fx.requester);
      const receipt = await mined(escrow.getFunction('close')());

      expect(await balance(fx.requester.address)).toBe(before + 80n);
      expect(await balance(fx.requester.address)).toBe(FUNDING - 25n - 20n);
      expect(await balance(mainEscrow)).toBe(0n);
      expect(await escrow.getFunction('closed')()).toBe(true);
      const closed = receipt.logs.map((log) => escrow.interface.parseLog(log)).find((e) => e?.name === 'EscrowClosed');
      expect(closed?.args.toArray()).toEqual([fx.requester.address, fx.requester.address, 80n]);

      await expectRevert(fx.escrow(mainEscrow).getFunction('pay')(fx.carol.address), 'Escrow__AlreadyClosed');
      await expectRevert(escrow.getFunction('close')(), 'Escrow__AlreadyClosed');
      expect(await balance(fx.carol.address)).toBe(FUNDING);
    });

    it('can be closed by an operator, refunding the requester', async () => {
      const before = await balance(fx.requester.address);
      await mined(fx.escrow(smallEscrow).getFunction('close')());
      expect(await balance(fx.requester.address)).toBe(before + 5n);
      expect(await balance(smallEscrow)).toBe(0n);
    });

    it('conserves the supply: every IPT is accounted for', async () => {
      const supply: bigint = await fx.token().getFunction('totalSupply')();
      const holders = [fx.deployer, fx.requester, fx.alice, fx.bob, fx.carol, fx.stranger].map((w) => w.address);
      const total = (await Promise.all([...holders, mainEscrow, smallEscrow].map(balance))).reduce((a, b) => a + b, 0n);
      expect(total).toBe(supply);
      expect(supply).toBe(FUNDING * 6n);
    });
  });

  describe('authorisation', () => {
    beforeAll(async () => {
      authEscrow = (await createEscrow(fx.requester, REQUEST_AUTH, 30n, 10n)).escrow;
    });

    it('rejects payments by non-operators, including the requester', async () => {
      await expectRevert(
        fx.escrow(authEscrow, fx.stranger).getFunction('pay')(fx.stranger.address),
        'Escrow__NotOperator',
        [fx.stranger.address],
      );
      await expectRevert(
        fx.escrow(authEscrow, fx.requester).getFunction('pay')(fx.alice.address),
        'Escrow__NotOperator',
        [fx.requester.address],
      );
      expect(await balance(authEscrow)).toBe(30n);
    });

    it('rejects close by a stranger or a participant', async () => {
      await expectRevert(fx.escrow(authEscrow, fx.stranger).getFunction('close')(), 'Escrow__Unauthorized', [
        fx.stranger.address,
      ]);
      await expectRevert(fx.escrow(authEscrow, fx.alice).getFunction('close')(), 'Escrow__Unauthorized', [
        fx.alice.address,
      ]);
      expect(await fx.escrow(authEscrow).getFunction('closed')()).toBe(false);
    });

    it('lets only the owner grant and revoke operators', async () => {
      await expectRevert(
        fx.factory(fx.stranger).getFunction('setOperator')(fx.stranger.address, true),
        'OwnableUnauthorizedAccount',
        [fx.stranger.address],
      );
      expect(await fx.factory().getFunction('isOperator')(fx.stranger.address)).toBe(false);
      await expectRevert(fx.factory().getFunction('setOperator')(ZeroAddress, true), 'EscrowFactory__InvalidOperator');

      // A granted operator can pay; once revoked it cannot.
      await mined(fx.factory().getFunction('setOperator')(fx.carol.address, true));
      await mined(fx.escrow(authEscrow, fx.carol).getFunction('pay')(fx.bob.address));
      expect(await balance(authEscrow)).toBe(20n);
      await mined(fx.factory().getFunction('setOperator')(fx.carol.address, false));
      await expectRevert(fx.escrow(authEscrow, fx.carol).getFunction('pay')(fx.alice.address), 'Escrow__NotOperator', [
        fx.carol.address,
      ]);
      expect(await balance(authEscrow)).toBe(20n);
    });

    it('rejects minting by anyone but the owner', async () => {
      await expectRevert(
        fx.token(fx.requester).getFunction('mint')(fx.requester.address, 1n),
        'OwnableUnauthorizedAccount',
        [fx.requester.address],
      );
    });

    it('rejects re-initializing a clone or initializing the implementation', async () => {
      await expectRevert(
        fx.escrow(authEscrow, fx.stranger).getFunction('initialize')(
          fx.deployment.token,
          REQUEST_AUTH,
          fx.stranger.address,
          1n,
        ),
        'Escrow__AlreadyInitialized',
      );
      await expectRevert(
        fx.escrow(fx.deployment.escrowImplementation, fx.stranger).getFunction('initialize')(
          fx.deployment.token,
          REQUEST_AUTH,
          fx.stranger.address,
          1n,
        ),
        'Escrow__AlreadyInitialized',
      );
      expect(await fx.escrow(authEscrow).getFunction('requester')()).toBe(fx.requester.address);
      expect(await fx.escrow(authEscrow).getFunction('factory')()).toBe(fx.deployment.factory);
    });
  });
});
