import { useEffect } from 'react';
import { useLocation } from 'react-router';

// Scrolls to the element named by the URL's #hash once `ready` (the router does not, and lazy
// screens render their sections after the browser's own attempt). A section that loads later
// (a lazy part of the screen) is scrolled to when it appears, within 10 s.
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    const scroll = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scroll() || typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver(() => {
      if (scroll()) stop();
    });
    const timer = setTimeout(() => stop(), 10_000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [ready, hash]);
}
