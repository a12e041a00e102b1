import { Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';

// A component in a chunk of its own, loaded on first render or earlier through `preload()`.
// Kept free of MUI so that the open pages can use it (lazy-part.tsx adds the screens' spinner).
export type Preloadable = { preload: () => Promise<unknown> };

export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> & Preloadable {
  let started: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (started ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // a failed load is tried again on the next use
        started = null;
        throw error;
      },
    ));
  // Once loaded (preloaded), the part renders at once, without a round through the fallback.
  const Part = (props: P) => {
    const Component = loaded ?? use(preload());
    // (the same component on every render: loaded once per part, kept in the closure)
    // eslint-disable-next-line react-hooks/static-components
    return <Component {...props} />;
  };
  const Loaded = (props: P) => (
    <Suspense fallback={fallback}>
      <Part {...props} />
    </Suspense>
  );
  return Object.assign(Loaded, { preload });
}

// Runs `start` once the browser is idle (at most `timeout` ms later); returns a cancel function.
export function whenIdle(start: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(start, 200);
  return () => clearTimeout(id);
}

// Starts loading the parts once the browser is idle after the first render, so nobody waits on a
// click or a scroll for them.
export function usePreloadWhenIdle(...parts: Preloadable[]): void {
  useEffect(
    () => whenIdle(() => parts.forEach((part) => void part.preload().catch(() => undefined))),
    // the parts are module-level constants
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
