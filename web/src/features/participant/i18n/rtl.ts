// Right to left for MUI (its RTL guide): a style cache whose stylis plugin flips each rule (margins,
// paddings, positions, text alignment). Loaded only when a page is shown right to left, so other
// pages carry none of it.
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';

// (without stylis' vendor prefixer: the browsers the app supports need none, and it would grow the
// shared MUI chunk every page loads)
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
