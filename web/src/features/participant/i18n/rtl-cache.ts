// Right to left for MUI (its RTL guide): a style cache whose stylis plugin flips each rule (margins,
// paddings, positions, text alignment). Loaded with the first page in an RTL language.
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
