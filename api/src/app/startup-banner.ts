import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { ChainSetup } from '../modules/chain/chain.settings';
import type { RunningChain } from '../modules/chain/local-chain';
import type { MailService } from '../modules/mail/mail.service';

type Print = (line: string) => void;
const toStdout: Print = (line) => void process.stdout.write(`${line}\n`);

function chainLine(setup: ChainSetup): string {
  if ('unavailable' in setup) return `Local chain: not running yet (${setup.unavailable})`;
  const { rpcUrl, chainId } = setup.settings;
  return `Local chain: ${rpcUrl}, chain id ${chainId ?? 'as reported'}. For MetaMask and test funds see docs/guide/metamask.md.`;
}

/**
 * What `npm start` tells a person, in plain lines beside the JSON log: once listening, the address
 * to open, where development mail can be read, and the local chain; later, each dev mail's links
 * and the local chain coming up after a failed start.
 */
export function announceStartup(
  app: FastifyInstance,
  opts: { config: Config; mail: MailService; localChain?: RunningChain; print?: Print },
): void {
  const { config, mail, localChain } = opts;
  const print = opts.print ?? toStdout;
  let listening = false;
  app.addHook('onListen', async () => {
    listening = true;
    print('');
    print(`Parley is ready. Open ${config.publicUrl} in your browser.`);
    if (config.devOutbox) {
      print(
        `Mail is not sent in development: read it, verification links included, at ${config.publicUrl}/dev/outbox (each mail's links are also printed here).`,
      );
    }
    if (localChain) print(chainLine(localChain.setup));
    print('');
  });
  if (config.devOutbox) {
    mail.onStored((msg) => {
      const links = msg.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
      print(`Mail to ${msg.to}, "${msg.subject}"${links.length ? `: ${links.join(' ')}` : ' (no links)'}`);
    });
  }
  // a chain that comes up on a background retry after the first lines
  localChain?.attach((setup) => {
    if (listening && !('unavailable' in setup)) print(chainLine(setup).replace('Local chain:', 'Local chain is up:'));
  });
}
