import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { rtlCache } from '../features/participant/i18n/rtl';

// The style caches the app's components insert their rules through: emotion's default one (every
// MUI component) and the right-to-left one. The default is not exported; a render reads it.
let defaultCache: EmotionCache | undefined;
renderToStaticMarkup(
  createElement(
    withEmotionCache((_props: object, cache: EmotionCache) => {
      defaultCache = cache;
      return null;
    }),
  ),
);

// Rules go into one style element per cache through insertRule, as in the production build, rather
// than a style element of its own each (emotion's development mode, for its source maps): happy-dom
// looks up the page's style elements on each getComputedStyle. The web projects: 188 CPU-s, not 212.
for (const cache of [defaultCache, rtlCache]) if (cache) cache.sheet.isSpeedy = true;

/**
 * Removes the style rules the rendered components inserted, and emotion's record of them, so the next
 * render inserts what it uses again: the page's styles as a fresh page would have them.
 */
export function removeInsertedStyles(): void {
  for (const cache of [defaultCache, rtlCache]) {
    if (!cache) continue;
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  }
}
