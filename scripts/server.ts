// The server process (api/src/main.ts) with the local dev chain it starts when no CHAIN_RPC_URL is
// set: `npm start` (scripts/start.ts), `npm run dev` and the tests that start a server as those do.
import { main } from '../api/src/main';
import { startServerChain } from './chain/server-chain';

main({ startLocalChain: startServerChain }).catch((err) => {
  console.error(err);
  process.exit(1);
});
