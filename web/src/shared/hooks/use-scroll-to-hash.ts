import { useEffect } from 'react';
import { useLocation } from 'react-router';

// Scrolls to the element named by the URL's #hash once `ready` (the router does not, and lazy
// screens render their sections after the browser's own attempt).
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
