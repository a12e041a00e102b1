// MUI's Select (and every TextField, which imports it) renders its option list in a Menu, and with
// it Popover, Modal, the focus trap, Grow and the list's keyboard handling: about 14 kB gzip in
// the initial JS of every screen with a text field, for a list that shows only once opened. This
// plugin builds Select's input with a Menu that loads when the select first opens (and in the
// background once the browser is idle after the select first rendered, so opening does not wait
// in practice). Until then it renders nothing, as MUI's closed Menu does. The build fails if MUI's
// file changes under it; the tests run MUI unchanged.
import type { Plugin } from 'vite';

const SELECT_INPUT = /[\\/]@mui[\\/]material[\\/]Select[\\/]SelectInput\.mjs$/;
const MENU_IMPORT = 'import Menu from "../Menu/Menu.mjs";';
// what the module must still say around it: a React namespace import, the jsx runtime, and the
// Menu rendered once with an `open` prop
const EXPECTED = ["import * as React from 'react';", 'import { jsx as _jsx', '_jsx(Menu, {', 'open: open,'];

const lazyMenu = `const loadMenu = () => import("../Menu/Menu.mjs");
const LoadedMenu = React.lazy(loadMenu);
function Menu(props) {
  const [wanted, setWanted] = React.useState(Boolean(props.open));
  if (props.open && !wanted) setWanted(true);
  React.useEffect(() => {
    const start = () => void loadMenu().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') return void setTimeout(start, 500);
    const id = window.requestIdleCallback(start, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return wanted ? _jsx(React.Suspense, { fallback: null, children: _jsx(LoadedMenu, props) }) : null;
}`;

export function muiSelectMenuOnOpen(): Plugin {
  return {
    name: 'parley-mui-select-menu-on-open',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SELECT_INPUT.test(id)) return null;
      const missing = [MENU_IMPORT, ...EXPECTED].filter((text) => !code.includes(text));
      if (missing.length > 0)
        this.error(`${id} changed (no ${missing.map((text) => JSON.stringify(text)).join(', ')}): review this plugin`);
      if (code.split('_jsx(Menu, {').length !== 2)
        this.error(`${id}: Menu is rendered more than once: review this plugin`);
      return { code: code.replace(MENU_IMPORT, lazyMenu), map: null };
    },
  };
}
