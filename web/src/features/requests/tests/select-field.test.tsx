import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SelectField } from '../components/select-field';
import { WizardStepper } from '../components/wizard-stepper';

const OPTIONS = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'b2', label: 'Bravo' },
];

function Select({ disabled = false }: { disabled?: boolean }) {
  const [value, setValue] = useState('a');
  return (
    <SelectField
      id="pick"
      label="Pick"
      value={value}
      options={OPTIONS}
      onChange={setValue}
      required
      disabled={disabled}
      helperText="One of three."
    />
  );
}

describe('SelectField (the wizard selects)', () => {
  // the list is a lazy chunk: its first load in a run transforms MUI's Menu on the fly
  beforeAll(async () => {
    await import('../components/select-menu');
  });

  it('is a labelled combobox described by its helper text', () => {
    render(<Select />);
    const box = screen.getByRole('combobox', { name: 'Pick' });
    expect(box).toHaveTextContent('Alpha');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box).toHaveAccessibleDescription('One of three.');
  });

  it('opens with the keyboard on the selected option, picks with Enter and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<Select />);
    await user.tab();
    const box = screen.getByRole('combobox', { name: 'Pick' });
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Alpha' })).toHaveFocus();
    expect(screen.getByRole('option', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveTextContent('Beta');
    expect(box).toHaveFocus();
  });

  it('opens on Space without picking on its keyup, and closes on Escape unchanged', async () => {
    const user = userEvent.setup();
    render(<Select />);
    await user.tab();
    await user.keyboard(' ');
    expect(await screen.findByRole('listbox', { name: 'Pick' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Pick' })).toHaveTextContent('Alpha');
    expect(screen.getByRole('combobox', { name: 'Pick' })).toHaveFocus();
  });

  it('picks by the first letters while closed, a repeated letter cycling', async () => {
    const user = userEvent.setup();
    render(<Select />);
    await user.tab();
    const box = screen.getByRole('combobox', { name: 'Pick' });
    await user.keyboard('b');
    expect(box).toHaveTextContent('Beta');
    await user.keyboard('b');
    expect(box).toHaveTextContent('Bravo');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on a click and picks an option with the mouse', async () => {
    const user = userEvent.setup();
    render(<Select />);
    await user.click(screen.getByRole('combobox', { name: 'Pick' }));
    await user.click(await screen.findByRole('option', { name: 'Bravo' }));
    expect(screen.getByRole('combobox', { name: 'Pick' })).toHaveTextContent('Bravo');
  });

  it('does not open when disabled', async () => {
    const user = userEvent.setup();
    render(<Select disabled />);
    const box = screen.getByRole('combobox', { name: 'Pick' });
    expect(box).toHaveAttribute('aria-disabled', 'true');
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('WizardStepper', () => {
  it('is a tablist whose active tab is the current step; the arrow keys move between tabs', async () => {
    const user = userEvent.setup();
    const picked: number[] = [];
    const steps = [
      { name: 'summary', label: 'Summary' },
      { name: 'design', label: 'Design' },
      { name: 'preview', label: 'Preview' },
    ];
    render(
      <WizardStepper steps={steps} active={1} alternativeLabel disabled={false} onSelect={(i) => picked.push(i)} />,
    );
    const current = screen.getByRole('tab', { name: 'Design' });
    expect(current).toHaveAttribute('aria-selected', 'true');
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('tab', { name: 'Summary' })).not.toHaveAttribute('aria-current');
    await user.tab();
    expect(current).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(picked).toEqual([2]);
  });
});
