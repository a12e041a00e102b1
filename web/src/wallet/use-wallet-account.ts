import { useEffect, useSyncExternalStore } from 'react';
import {
  getWalletAccount,
  probeWalletAccount,
  subscribeWalletAccount,
  type WalletAccountState,
} from './wallet-account';

// The shared wallet account for components; looks for an already-connected account on first use.
export function useWalletAccount(): WalletAccountState {
  const snapshot = useSyncExternalStore(subscribeWalletAccount, getWalletAccount, getWalletAccount);
  useEffect(() => {
    void probeWalletAccount();
  }, []);
  return snapshot;
}
