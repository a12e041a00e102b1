import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { rtlCache } from '../features/participant/i18n/rtl';

/** Emotion's default cache, which every MUI component inserts through: not exported, a render reads it. */
function defaultEmotionCache(): EmotionCache {
  let found: EmotionCache | undefined;
  renderToStaticMarkup(
    createElement(
      withEmotionCache((_props: object, cache: EmotionCache) => {
        found = cache;
        return null;
      }),
    ),
  );
  if (!found) throw new Error("emotion's default cache was not found");
  return found;
}

// the default cache and the right-to-left one (participant app)
const caches = [defaultEmotionCache(), rtlCache];

// Rules go into one style element per cache through insertRule, as in the production build, rather
// than a style element of its own each (emotion's development mode, for its source maps): happy-dom
// looks up the page's style elements on each getComputedStyle. The web projects: 188 CPU-s, not 212.
for (const cache of caches) cache.sheet.isSpeedy = true;

/**
 * Removes the style rules the rendered components inserted, and emotion's record of them, so the next
 * render inserts what it uses again: the page's styles as a fresh page would have them.
 */
export function removeInsertedStyles(): void {
  for (const cache of caches) {
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  }
}
