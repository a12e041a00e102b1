import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { ChainSetup } from './chain.settings';

// What the server needs of a local dev chain when no CHAIN_RPC_URL is set. The launcher itself
// (anvil, the contracts' deployment, retries) is scripts/chain/server-chain.ts: the server's entry
// point (scripts/server.ts) hands it to main.ts, so the server ships without it.

export type RunningChain = {
  /** The chain as it is now: set up, or unavailable with the reason (while retries go on). */
  readonly setup: ChainSetup;
  /** Calls `use` with the setup now, and again when a background retry brings the chain up. */
  attach(use: (setup: ChainSetup) => void): void;
  /** Stops the retries and the chain. */
  stop: () => Promise<void>;
};

export type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * A log that keeps lines until the app's logger exists (the chain starts while the database opens),
 * then passes later lines (background retries) straight on.
 */
export function deferredLog(): Log & { replayTo(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): void } {
  const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
  let target: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
  return {
    info: (obj, msg) => (target ? target.info(obj, msg) : lines.push({ level: 'info', obj, msg })),
    warn: (obj, msg) => (target ? target.warn(obj, msg) : lines.push({ level: 'warn', obj, msg })),
    replayTo(log) {
      target = log;
      for (const l of lines.splice(0)) log[l.level](l.obj, l.msg);
    },
  };
}

/** Starts a local chain for the server (`npm start` without CHAIN_RPC_URL): scripts/chain/server-chain.ts. */
export type LocalChainLauncher = (config: Config, log: Log) => Promise<RunningChain>;
