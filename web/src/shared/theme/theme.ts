import { createTheme } from '@mui/material/styles';
import { BRAND_COLORS } from './palette';

// Breakpoints follow the product spec: 600 px (wizard) and 960 px (desktop, sidebar docks).
export const DESKTOP_BREAKPOINT_PX = 960;

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: DESKTOP_BREAKPOINT_PX, lg: 1280, xl: 1920 } },
  palette: {
    // The template's colours for text and controls, darkened where white text on them (or they as
    // text on white) fell short of WCAG AA's 4.5:1 (appearance-contrast.test.ts); BRAND_COLORS keep
    // the originals for decoration. MUI derives light, dark and the (white) contrast text.
    primary: BRAND_COLORS.purple,
    secondary: { main: '#c2185b' },
    info: { main: '#00737d' },
    success: { main: '#2e7d32' },
    warning: { main: '#a65b00' },
    error: { main: '#c62828' },
    background: { default: '#eeeeee', paper: '#ffffff' },
    // secondary: 5.4:1 on the page's grey, 6.2:1 on white; disabled: 4.8:1 on white, since a
    // fixed field's value and hint still tell something (the dotted underline marks it fixed)
    text: { primary: '#3c4858', secondary: '#596170', disabled: '#6b7280' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
    h1: { fontWeight: 300 },
    h2: { fontWeight: 300 },
    h3: { fontWeight: 300, fontSize: '2.25rem' },
    h4: { fontWeight: 400, fontSize: '1.6rem' },
    h5: { fontWeight: 400, fontSize: '1.25rem' },
    h6: { fontWeight: 500, fontSize: '1.05rem' },
    button: { fontWeight: 500, letterSpacing: '0.03em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { minHeight: '100vh' },
        // visible keyboard focus everywhere; the mouse keeps MUI's ripple only. MUI's buttons too (their
        // class outranks the bare pseudo-class): their own focus mark is lost when a button is
        // disabled for a moment while focused, as Generate is while it works
        ':focus-visible, .MuiButtonBase-root:focus-visible': {
          outline: `2px solid ${BRAND_COLORS.purple.main}`,
          outlineOffset: 2,
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: false },
      styleOverrides: { root: { borderRadius: 4 } },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: { borderRadius: 8, boxShadow: '0 1px 4px 0 rgba(0,0,0,.14)', overflow: 'visible' },
      },
    },
    MuiTextField: { defaultProps: { variant: 'standard', fullWidth: true } },
    MuiTableCell: {
      styleOverrides: { head: { color: BRAND_COLORS.purple.main, fontWeight: 400, fontSize: '0.95rem' } },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
