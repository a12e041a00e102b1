import type { ComponentType } from 'react';
import { lazyWithPreload, type Preloadable } from './lazy-with-preload';
import { PageLoader } from './page-loader';

export { usePreloadWhenIdle } from './lazy-with-preload';

// A part of a screen that loads after the screen's first render (a lower card, a hidden tab, a
// later wizard step): its own chunk keeps the screen's initial JS small. Until it is there, the
// screen's usual spinner stands in its place with a label that screen readers announce
// (PageLoader: role="status"), at about the part's height so the layout does not jump. Screens
// pass their parts to usePreloadWhenIdle() so that they load right after the first render.
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: { label: string; minHeight: number },
): ComponentType<P> & Preloadable {
  return lazyWithPreload(load, <PageLoader label={loading.label} minHeight={loading.minHeight} />);
}
