import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enterText } from './enter-text';

describe('enterText', () => {
  it('puts the text after what the field holds, as typing does, in one input event', async () => {
    const onInput = vi.fn();
    render(<input aria-label="Title" defaultValue="Fitness habits" onInput={onInput} />);
    const field = screen.getByRole('textbox', { name: 'Title' });
    await enterText(userEvent.setup(), field, ' 2');
    expect(field).toHaveValue('Fitness habits 2');
    expect(field).toHaveFocus();
    expect(onInput).toHaveBeenCalledTimes(1);
  });
});
