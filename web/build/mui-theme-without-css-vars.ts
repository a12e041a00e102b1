// MUI's createTheme and ThemeProvider each hold two implementations: the classic theme and the
// CSS-variables one (createThemeWithVars, CssVarsProvider with its colour-scheme storage and
// script). Parley's theme (src/shared/theme/theme.ts) has a palette and neither `cssVariables` nor
// `colorSchemes`, so MUI itself takes the classic branch every time; but both branches sit in the
// code every screen loads first (about 8 kB gzip). This plugin builds those two modules with the
// classic branch only, and fails loudly where the CSS-variables one would have been taken. The
// tests run MUI unchanged.
import type { Plugin } from 'vite';

const CREATE_THEME = /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/;
const THEME_PROVIDER = /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/;

// What the replaced modules must still say, so an MUI upgrade that changes them stops the build
// instead of being replaced blindly.
const EXPECTED = {
  createTheme: [
    'if (cssVariables === false) {',
    "if (!('colorSchemes' in options)) {",
    'return createThemeNoVars(options, ...args);',
  ],
  themeProvider: ["if (!('colorSchemes' in muiTheme)) {", 'vars: null', 'ThemeProviderNoVars'],
};

const createThemeCode = `import createThemeNoVars from "./createThemeNoVars.mjs";
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options)
    throw new Error('createTheme: this build has no CSS-variables themes (web/build/mui-theme-without-css-vars.ts)');
  return createThemeNoVars(options, ...args);
}
`;

const themeProviderCode = `import * as React from 'react';
import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";
import THEME_ID from "./identifier.mjs";
import { jsx as _jsx } from "react/jsx-runtime";
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme)
      throw new Error('ThemeProvider: this build has no CSS-variables themes (web/build/mui-theme-without-css-vars.ts)');
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`;

export function muiThemeWithoutCssVars(): Plugin {
  return {
    name: 'parley-mui-theme-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const [expected, replacement] = CREATE_THEME.test(id)
        ? [EXPECTED.createTheme, createThemeCode]
        : THEME_PROVIDER.test(id)
          ? [EXPECTED.themeProvider, themeProviderCode]
          : [null, null];
      if (!expected) return null;
      const missing = expected.filter((text) => !code.includes(text));
      if (missing.length > 0)
        this.error(`${id} changed (no ${missing.map((text) => JSON.stringify(text)).join(', ')}): review this plugin`);
      return { code: replacement, map: null };
    },
  };
}
