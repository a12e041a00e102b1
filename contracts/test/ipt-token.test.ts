import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArtifact } from '../../api/src/modules/chain/artifacts';
import { FUNDING, expectRevert, mined, startChainFixture, type ChainFixture } from './chain-fixture';

describe('IPTToken', () => {
  let fx: ChainFixture;
  const balance = async (address: string): Promise<bigint> => fx.token().getFunction('balanceOf')(address);

  beforeAll(async () => {
    fx = await startChainFixture();
  });
  afterAll(async () => {
    await fx?.stop();
  });

  it('is "Parley IPT" / IPT with 0 decimals', async () => {
    const token = fx.token();
    expect(await token.getFunction('name')()).toBe('Parley IPT');
    expect(await token.getFunction('symbol')()).toBe('IPT');
    expect(await token.getFunction('decimals')()).toBe(0n);
    expect(await token.getFunction('owner')()).toBe(fx.deployer.address);
  });

  it('deploys exactly the committed bytecode', async () => {
    // The token has no immutables, so its runtime code must equal the artifact byte for byte.
    expect(await fx.provider.getCode(fx.deployment.token)).toBe(readArtifact('IPTToken').deployedBytecode);
  });

  it('funded the dev accounts', async () => {
    for (const wallet of [fx.deployer, fx.requester, fx.alice, fx.bob, fx.carol, fx.stranger]) {
      expect(await balance(wallet.address)).toBe(FUNDING);
    }
    expect(await fx.token().getFunction('totalSupply')()).toBe(FUNDING * 6n);
  });

  it('lets the owner mint', async () => {
    const receipt = await mined(fx.token().getFunction('mint')(fx.carol.address, 7n));
    expect(receipt.status).toBe(1);
    expect(await balance(fx.carol.address)).toBe(FUNDING + 7n);
    expect(await fx.token().getFunction('totalSupply')()).toBe(FUNDING * 6n + 7n);
  });

  it('rejects minting by anyone else', async () => {
    await expectRevert(
      fx.token(fx.stranger).getFunction('mint')(fx.stranger.address, 1_000n),
      'OwnableUnauthorizedAccount',
      [fx.stranger.address],
    );
    expect(await balance(fx.stranger.address)).toBe(FUNDING);
  });

  it('transfers whole units', async () => {
    await mined(fx.token(fx.alice).getFunction('transfer')(fx.bob.address, 3n));
    expect(await balance(fx.alice.address)).toBe(FUNDING - 3n);
    expect(await balance(fx.bob.address)).toBe(FUNDING + 3n);
    await expectRevert(
      fx.token(fx.alice).getFunction('transfer')(fx.bob.address, FUNDING),
      'ERC20InsufficientBalance',
      [fx.alice.address, FUNDING - 3n, FUNDING],
    );
  });
});
