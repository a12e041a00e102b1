// Right to left for MUI (its RTL guide): a style cache whose stylis plugin flips each rule (margins,
// paddings, positions, text alignment) and a theme that says rtl. Loaded only for a survey that has
// an RTL language, so other pages carry none of it.
import createCache from '@emotion/cache';
import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import type { ReactNode } from 'react';

// (without stylis' vendor prefixer: the browsers the app supports need none, and it would grow the
// shared MUI chunk every page loads)
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
const rtlTheme = (outer: Theme): Theme => ({ ...outer, direction: 'rtl' });
const sameTheme = (outer: Theme): Theme => outer;

/** Its children in `dir`: always the same two providers, so a switch of language keeps the form
 * (and what was answered) mounted. */
export function DirectionFrame({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  const outer = useEmotionCache();
  return (
    <CacheProvider value={dir === 'rtl' ? rtlCache : outer}>
      <ThemeProvider theme={dir === 'rtl' ? rtlTheme : sameTheme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
