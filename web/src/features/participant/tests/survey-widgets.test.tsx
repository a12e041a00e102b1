import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PhoneQuestion } from '../api/phone-api';
import { MatrixField, NpsField, RankingField } from '../components/survey-controls';

// The newer question widgets by the ARIA authoring practices: NPS and each matrix row a radio
// group (one Tab stop, the arrows choose), the ranking moved by keyboard with each move announced.
type Q = Extract<PhoneQuestion, { required: boolean }>;
const question = (over: Partial<Q>): Q => ({ id: 'q1', index: 0, title: 'Q', required: true, ...over }) as Q;

function Ranking() {
  const [value, setValue] = useState<string[] | null>(null);
  return (
    <RankingField
      q={question({ type: 'ranking', options: ['Sleep', 'Food', 'Sport'] })}
      value={value}
      onChange={setValue}
    />
  );
}

describe('the newer question widgets', () => {
  it('ranks with the keyboard: the focus stays with the moved choice and each move is announced', async () => {
    const user = userEvent.setup();
    render(<Ranking />);
    const order = () => screen.getAllByRole('listitem').map((item) => item.textContent);
    screen.getByRole('button', { name: 'Move Sport up' }).focus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['1.Sleep', '2.Sport', '3.Food']);
    expect(screen.getByRole('status')).toHaveTextContent('Sport moved to position 2 of 3.');
    expect(screen.getByRole('button', { name: 'Move Sport up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['1.Sport', '2.Sleep', '3.Food']);
    expect(screen.getByRole('status')).toHaveTextContent('Sport moved to position 1 of 3.');
    // at the top its Up button is disabled: the focus goes to its Down button
    expect(screen.getByRole('button', { name: 'Move Sport down' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('Sport moved to position 2 of 3.');
    expect(screen.getByRole('button', { name: 'Move Sport down' })).toHaveFocus();
  });

  it('keeps the order as shown when asked, and says so', async () => {
    const user = userEvent.setup();
    render(<Ranking />);
    await user.click(screen.getByRole('button', { name: 'Keep this order' }));
    expect(screen.getByRole('status')).toHaveTextContent('Order kept: 1. Sleep, 2. Food, 3. Sport.');
    expect(screen.queryByRole('button', { name: 'Keep this order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Sleep down' })).toHaveFocus();
  });

  it('draws NPS as one radio group of 0 to 10, named by its question', async () => {
    const user = userEvent.setup();
    let chosen: number | null = null;
    render(
      <>
        <span id="nps-label">How likely?</span>
        <NpsField name="nps" labelId="nps-label" value={null} onChange={(v) => (chosen = v)} />
      </>,
    );
    const group = screen.getByRole('radiogroup', { name: 'How likely?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(Array.from({ length: 11 }, (_, n) => String(n)));
    await user.click(within(group).getByRole('radio', { name: '9' }));
    expect(chosen).toBe(9);
  });

  it('names each matrix row’s radio group by its row', () => {
    render(
      <MatrixField
        q={question({ type: 'matrix', options: ['Bad', 'Good'], rows: ['Price', 'Speed'] })}
        value={{ Price: 'Good' }}
        onChange={() => undefined}
      />,
    );
    expect(screen.getAllByRole('radiogroup').map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(2);
    const price = screen.getByRole('radiogroup', { name: 'Price' });
    expect(within(price).getByRole('radio', { name: 'Good' })).toBeChecked();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Speed' })).getByRole('radio', { name: 'Good' }),
    ).not.toBeChecked();
  });
});
