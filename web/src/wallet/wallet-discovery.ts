// Finds the browser wallet: EIP-6963 announcements first (several wallets can coexist without
// fighting over window.ethereum), then the legacy window.ethereum injection.
import { isEip1193Provider, type DiscoveredWallet, type WalletInfo } from './eip1193';

type AnnounceDetail = { info?: Partial<WalletInfo>; provider?: unknown };

const METAMASK_RDNS = 'io.metamask';
// Wallets answer the request event synchronously in practice; the wait covers slow content scripts.
const DEFAULT_WAIT_MS = 200;

export async function discoverWallets(waitMs = DEFAULT_WAIT_MS): Promise<DiscoveredWallet[]> {
  if (typeof window === 'undefined') return [];
  const found = new Map<string, DiscoveredWallet>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    if (!detail || !isEip1193Provider(detail.provider)) return;
    const info = readInfo(detail.info);
    found.set(info?.uuid ?? `anonymous-${found.size}`, { info, provider: detail.provider });
  };
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  try {
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    if (found.size === 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  } finally {
    window.removeEventListener('eip6963:announceProvider', onAnnounce);
  }
  const wallets = [...found.values()];
  const legacy = (window as Window & { ethereum?: unknown }).ethereum;
  if (wallets.length === 0 && isEip1193Provider(legacy)) wallets.push({ info: null, provider: legacy });
  return wallets;
}

// MetaMask when present (the product's instructions name it), otherwise the first wallet found.
export async function findWallet(waitMs?: number): Promise<DiscoveredWallet | null> {
  const wallets = await discoverWallets(waitMs);
  return wallets.find((wallet) => wallet.info?.rdns === METAMASK_RDNS) ?? wallets[0] ?? null;
}

function readInfo(info: Partial<WalletInfo> | undefined): WalletInfo | null {
  if (!info || typeof info.uuid !== 'string' || typeof info.name !== 'string') return null;
  return { uuid: info.uuid, name: info.name, icon: String(info.icon ?? ''), rdns: String(info.rdns ?? '') };
}
