import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

// A component in a chunk of its own, loaded on first render or earlier through `preload()`.
// Kept free of MUI so that the open pages can use it (lazy-part.tsx adds the screens' spinner).
export type Preloadable = { preload: () => Promise<unknown> };

export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> & Preloadable {
  let started: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  // React.lazy shows the fallback until the chunk is in and then renders the part. (A part that
  // read the promise with React 19's use() was not rendered again when it settled, in the web
  // tests: it stayed a spinner.) A part already loaded is handed over at once, through a thenable
  // that answers synchronously, so it renders without a round through the fallback.
  type Module = { default: ComponentType<P> };
  const waitingPart = () =>
    lazy(() =>
      loaded
        ? ({ then: (done: (module: Module) => void) => done({ default: loaded! }) } as unknown as Promise<Module>)
        : preload().then((component) => ({ default: component })),
    );
  let waiting: LazyExoticComponent<ComponentType<P>>;
  function preload() {
    return (started ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // a failed load is tried again on the next use, by a new lazy component (React keeps a
        // lazy component's failure)
        started = null;
        waiting = waitingPart();
        throw error;
      },
    ));
  }
  waiting = waitingPart();
  // always the same tree (Suspense, then the part), so the part keeps its state once loaded
  const Loaded = (props: P) => {
    const Waiting = waiting;
    return (
      <Suspense fallback={fallback}>
        <Waiting {...props} />
      </Suspense>
    );
  };
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
