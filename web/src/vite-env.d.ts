/// <reference types="vite/client" />

interface ImportMetaEnv {
  // Build-time fallback for the IPT token address (see shared/config/runtime-config.ts).
  readonly VITE_IPT_TOKEN_ADDRESS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  // Set by /parley-config.js before the app starts; every field optional.
  __PARLEY_CONFIG__?: { iptTokenAddress?: string | null } | undefined;
}
