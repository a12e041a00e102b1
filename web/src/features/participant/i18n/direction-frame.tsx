import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useAppLanguage } from './i18n';

const rtlTheme = (outer: Theme): Theme => ({ ...outer, direction: 'rtl' });
const sameTheme = (outer: Theme): Theme => outer;

/** Its children in the app language's direction (MUI's RTL cache and theme, once loaded). Always
 * the same two providers, so a switch of language keeps every page (and what was typed) mounted. */
export function DirectionFrame({ children }: { children: ReactNode }) {
  const outer = useEmotionCache();
  const { dir, rtlCache } = useAppLanguage();
  const rtl = dir === 'rtl' && rtlCache !== null;
  return (
    <CacheProvider value={rtl ? rtlCache : outer}>
      <ThemeProvider theme={rtl ? rtlTheme : sameTheme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
