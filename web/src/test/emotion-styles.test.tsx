import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rtlCache } from '../features/participant/i18n/rtl';

// setup.ts removes the inserted styles after each test (emotion-styles.ts): the tests run in order,
// the second one after the first has inserted its rules through both caches.
function HiddenButtons() {
  return (
    <>
      <Box data-testid="ltr" sx={{ display: 'none' }}>
        <button type="button">Left to right</button>
      </Box>
      <Box sx={{ color: 'green' }}>Shown</Box>
      <CacheProvider value={rtlCache}>
        <Box data-testid="rtl" sx={{ display: 'none' }}>
          <button type="button">Right to left</button>
        </Box>
        <Box sx={{ color: 'green' }}>Shown</Box>
      </CacheProvider>
    </>
  );
}

function expectHidden() {
  for (const id of ['ltr', 'rtl']) expect(getComputedStyle(screen.getByTestId(id)).display).toBe('none');
  expect(screen.queryAllByRole('button')).toHaveLength(0);
  expect(screen.getAllByRole('button', { hidden: true })).toHaveLength(2);
}

describe('the styles components insert', () => {
  it('hide what their rules hide, inserted into one style element per cache', () => {
    render(<HiddenButtons />);
    expectHidden();
    expect(document.querySelectorAll('style')).toHaveLength(2);
  });

  it('are gone when the next test starts, and inserted again when it renders the same components', () => {
    expect(document.styleSheets.length).toBe(0);
    render(<HiddenButtons />);
    expectHidden();
  });
});
