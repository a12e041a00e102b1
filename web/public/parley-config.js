// Runtime settings read by the web app (src/shared/config/runtime-config.ts). A deployment may
// replace this file (or the server may answer /parley-config.js itself) without rebuilding the app.
// Every field is optional; build-time VITE_* variables are the fallback.
window.__PARLEY_CONFIG__ = window.__PARLEY_CONFIG__ || {
  // ERC-20 address of the IPT token, e.g. "0x5FbDB2315678afecb367f032d93F642f64180aa3"
  iptTokenAddress: null,
};
