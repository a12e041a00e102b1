import { badInput } from '../../shared/errors';
import type { ChainService } from '../chain/chain.service';

export type EscrowExpectation = {
  requestId: string;
  escrowAddress: string;
  signerAddress: string;
  bonusEach: number;
  bonusAmount: number;
  /** IPT the escrow already paid out (its balance is that much lower than what was funded) */
  paidOut: number;
};

const problem = (path: string, message: string) => badInput(message, [{ path, message }]);

/**
 * Checks on-chain that the factory's escrow for this request id is the one named, was created and
 * funded by the signer, is open, pays bonus_each per response, and holds enough for bonus_amount.
 * Returns false (unverified) when no chain is configured at all, so an install without a chain
 * can still publish; a configured chain that does not answer fails with CHAIN_UNAVAILABLE.
 */
export async function verifyEscrow(chain: ChainService, e: EscrowExpectation): Promise<boolean> {
  if (!chain.configured) return false;
  const escrow = await chain.escrowFor(e.requestId);
  if (!escrow) {
    throw problem(
      'escrowAddress',
      `No escrow exists on-chain for request ${e.requestId}: create it with the factory first`,
    );
  }
  if (escrow.address !== e.escrowAddress) {
    throw problem('escrowAddress', `The escrow of this request is ${escrow.address}, not ${e.escrowAddress}`);
  }
  if (escrow.requester !== e.signerAddress) {
    throw problem('signerAddress', `The escrow was created by ${escrow.requester}, not by ${e.signerAddress}`);
  }
  if (escrow.closed) throw problem('escrowAddress', 'The escrow of this request is closed');
  if (escrow.bonusEach !== BigInt(e.bonusEach)) {
    throw problem('bonusEach', `The escrow pays ${escrow.bonusEach} IPT per response, not ${e.bonusEach}`);
  }
  const funded = escrow.balance + BigInt(e.paidOut);
  if (funded < BigInt(e.bonusAmount)) {
    throw problem('bonusAmount', `The escrow holds ${funded} IPT, less than the ${e.bonusAmount} IPT offered`);
  }
  return true;
}
