import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useAppLanguage } from './i18n';

const rtlTheme = (outer: Theme): Theme => ({ ...outer, direction: 'rtl' });
const sameTheme = (outer: Theme): Theme => outer;

/**
 * Lays its children out in the app language's direction: MUI's theme direction and, right to left,
 * the style cache that flips each rule. Always the same two providers, so switching the language
 * keeps the form (and what was answered) mounted.
 */
export function DirectionFrame({ children }: { children: ReactNode }) {
  const { dir, cache } = useAppLanguage();
  const outer = useEmotionCache();
  const rtl = dir === 'rtl' && cache;
  return (
    <CacheProvider value={rtl ? cache : outer}>
      <ThemeProvider theme={rtl ? rtlTheme : sameTheme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
