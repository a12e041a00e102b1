// Settings the web app reads at run time, parsed once and exported typed.
//
// Sources, first match wins:
//  1. `window.__PARLEY_CONFIG__`, set by `/parley-config.js` (web/public/parley-config.js is the
//     shipped default with every value null). A deployment, or the API server, can answer that
//     path with real values without rebuilding the app.
//  2. `import.meta.env.VITE_*` variables baked in at build time (`VITE_IPT_TOKEN_ADDRESS=0x... npm run build`).
// A value that does not parse counts as unset, and the feature that needs it says so to the user.

export type RuntimeConfig = {
  // ERC-20 address of the IPT token (0 decimals, symbol IPT) that wallets are asked to watch.
  iptTokenAddress: string | null;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function address(...candidates: ReadonlyArray<string | null | undefined>): string | null {
  for (const candidate of candidates) {
    const value = candidate?.trim();
    if (value && ADDRESS.test(value)) return value;
  }
  return null;
}

export function readRuntimeConfig(
  source: Window['__PARLEY_CONFIG__'] = typeof window === 'undefined' ? undefined : window.__PARLEY_CONFIG__,
  env: ImportMetaEnv = import.meta.env,
): RuntimeConfig {
  return { iptTokenAddress: address(source?.iptTokenAddress, env.VITE_IPT_TOKEN_ADDRESS) };
}
