// The dashboard's named colours (Material Dashboard family), shared by the theme, the sidebar
// and the appearance panel.
export const BRAND_COLORS = {
  purple: { main: '#9c27b0', light: '#ab47bc', dark: '#7b1fa2' },
  blue: { main: '#00acc1', light: '#26c6da', dark: '#0097a7' },
  green: { main: '#4caf50', light: '#66bb6a', dark: '#43a047' },
  // red and rose a shade darker than the template's, so that white text on their gradients is 4.5:1
  red: { main: '#f44336', light: '#d32f2f', dark: '#b71c1c' },
  orange: { main: '#ff9800', light: '#ffa726', dark: '#fb8c00' },
  rose: { main: '#e91e63', light: '#d81b60', dark: '#ad1457' },
  white: { main: '#ffffff', light: '#ffffff', dark: '#eeeeee' },
} as const;

export type BrandColor = keyof typeof BRAND_COLORS;

export function gradient(color: BrandColor): string {
  const { light, dark } = BRAND_COLORS[color];
  return `linear-gradient(60deg, ${light}, ${dark})`;
}

export function colorShadow(color: BrandColor): string {
  const { main } = BRAND_COLORS[color];
  return `0 4px 20px 0 rgba(0,0,0,.14), 0 7px 10px -5px ${main}66`;
}
