import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Hint } from './hint';

function renderHint() {
  const onClick = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <Hint title="Dashboard">
        <button type="button" aria-label="Dashboard" onClick={onClick}>
          D
        </button>
      </Hint>
    </>,
  );
  return { onClick, user: userEvent.setup(), control: screen.getByRole('button', { name: 'Dashboard' }) };
}

describe('Hint (the shell tooltip)', () => {
  it('shows on keyboard focus and hides on Escape, the focus staying on the control', async () => {
    const { user, control } = renderHint();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    await user.tab();
    expect(control).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dashboard');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(control).toHaveFocus();
  });

  it('hides when the focus leaves', async () => {
    const { user } = renderHint();
    await user.tab();
    await user.tab();
    await screen.findByRole('tooltip');
    await user.tab({ shift: true });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on hover, hides on leave and on click, and keeps the control its own click', async () => {
    const { user, control, onClick } = renderHint();
    await user.hover(control);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Dashboard'));
    await user.unhover(control);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(control);
    await screen.findByRole('tooltip');
    await user.click(control);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('tooltip')).toBeNull();
    // the control keeps its own name; the tooltip only repeats it
    expect(control).toHaveAccessibleName('Dashboard');
  });
});
