import { useSyncExternalStore } from 'react';
import { loadWallet, type StoredWallet } from '../participant-storage';

// The wallet this browser pays bonuses to; every screen sees a change at once.
const subscribe = (listener: () => void) => {
  window.addEventListener('parley-wallet', listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener('parley-wallet', listener);
    window.removeEventListener('storage', listener);
  };
};
let cached: { raw: string | null; wallet: StoredWallet | null } = { raw: null, wallet: null };
const snapshot = () => {
  let raw: string | null;
  try {
    raw = localStorage.getItem('parley.participant.wallet');
  } catch {
    raw = null;
  }
  if (raw !== cached.raw) cached = { raw, wallet: loadWallet() };
  return cached.wallet;
};

export function useParticipantWallet(): StoredWallet | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
