import { describe, expect, it } from 'vitest';
import { theme } from '../../shared/theme/theme';
import { BRAND_COLORS } from '../../shared/theme/palette';
import { activeTextOf, SIDEBAR_BACKGROUNDS, SIDEBAR_COLORS, SIDEBAR_SURFACE } from './appearance-settings';

// WCAG 2.1 contrast (1.4.3 text 4.5:1, 1.4.11 icons 3:1) of every sidebar theme. axe cannot judge
// text over the sidebar's gradients and images, so the colours are checked here, against the worst
// case: the veil (84% opaque) over a pure black or a pure white patch of the image.
type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const luminance = ([r, g, b]: Rgb) => {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const over = (top: Rgb, alpha: number, under: Rgb): Rgb => top.map((v, i) => v * alpha + under[i] * (1 - alpha)) as Rgb;
const VEIL = 0.84; // admin-sidebar.tsx: the surface's opacity over the image
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

describe('sidebar contrast', () => {
  it.each(SIDEBAR_COLORS)("the active entry's text on both stops of the %s gradient is at least 4.5:1", (color) => {
    const { light: from, dark: to } = BRAND_COLORS[color];
    const text = activeTextOf(color);
    expect(contrast(rgb(text), rgb(from))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(text), rgb(to))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(SIDEBAR_BACKGROUNDS)('on the %s surface text is 4.5:1 and icons 3:1, with or without the image', (name) => {
    const surface = SIDEBAR_SURFACE[name];
    for (const under of [BLACK, WHITE]) {
      const worst = over(rgb(surface.bg), VEIL, under);
      for (const bg of [worst, rgb(surface.bg)]) {
        expect(contrast(rgb(surface.text), bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(rgb(surface.muted), bg)).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("the theme's colours carry white text at 4.5:1, and read as text on white", () => {
    for (const name of ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const) {
      const { main, contrastText } = theme.palette[name];
      expect(contrastText, name).toBe('#fff');
      expect(contrast(rgb(main), WHITE), name).toBeGreaterThanOrEqual(4.5);
    }
    // secondary text on the page's grey and on white
    expect(contrast(rgb(theme.palette.text.secondary), rgb(theme.palette.background.default))).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
