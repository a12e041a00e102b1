import type { Config } from '../../config';
import type { TestCard } from '../billing/payment-gateway';
import type { PurchasesService } from '../billing/purchases.service';
import type { ChainService } from '../chain/chain.service';

/** What the web app needs at start-up: where the chain and contracts are, how cards are paid. */
export type RuntimeConfig = {
  chainId: number | null;
  rpcUrl: string | null;
  iptTokenAddress: string | null;
  escrowFactoryAddress: string | null;
  /** why chain features are off (null when they work) */
  chainError: string | null;
  stripePublishableKey: string | null;
  /** 'sandbox': built-in test mode, to be labelled visibly; 'stripe': real card payments */
  paymentMode: 'stripe' | 'sandbox';
  /** the cards test mode accepts (empty with Stripe) */
  testCards: TestCard[];
  /** whether POST /v1/chain/testFunds works: the chain is the local one the server runs */
  testFunds: boolean;
};

export class RuntimeConfigService {
  constructor(
    private readonly config: Config,
    private readonly chain: ChainService,
    // the payments module says which cards its gateway takes, rather than this one reading its constants
    private readonly payments: Pick<PurchasesService, 'testCards'>,
  ) {}

  async get(): Promise<RuntimeConfig> {
    const chain = await this.chain.publicInfo();
    const stripe = this.config.stripe;
    return {
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      iptTokenAddress: chain.iptTokenAddress,
      escrowFactoryAddress: chain.escrowFactoryAddress,
      chainError: chain.error,
      stripePublishableKey: stripe?.publishableKey ?? null,
      paymentMode: stripe ? 'stripe' : 'sandbox',
      testCards: [...this.payments.testCards],
      testFunds: this.chain.isLocal && chain.error === null,
    };
  }
}
