import { useSyncExternalStore } from 'react';

// Private halves live in localStorage, which React does not watch. Whoever stores or removes one
// calls notifyPrivateKeysChanged so screens showing "Private key in this browser" redraw; other
// tabs are heard through the storage event.
let version = 0;
const listeners = new Set<() => void>();

export function notifyPrivateKeysChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => notifyPrivateKeysChanged();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePrivateKeysVersion(): number {
  return useSyncExternalStore(subscribe, () => version);
}
