import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

// A part of a screen in a chunk of its own: rendered before anything preloaded it, it shows the
// fallback and then itself; once loaded, it renders at once; a failed load is tried again.
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('shows the fallback, then the part, when it renders before any preload', async () => {
    const chunk = deferred<typeof Greeting>();
    let loads = 0;
    const Part = lazyWithPreload(
      () => {
        loads += 1;
        return chunk.promise;
      },
      <p role="status">Loading the greeting…</p>,
    );
    render(<Part name="Ada" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the greeting…');
    chunk.resolve(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(loads).toBe(1);
  });

  it('renders a preloaded part at once, without its fallback', async () => {
    const Part = lazyWithPreload(() => Promise.resolve(Greeting), <p role="status">Loading…</p>);
    await Part.preload();
    render(<Part name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tries a failed load again on the next preload', async () => {
    let attempt = 0;
    const Part = lazyWithPreload(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    await expect(Part.preload()).rejects.toThrow('offline');
    await Part.preload();
    render(<Part name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeInTheDocument();
    expect(attempt).toBe(2);
  });
});

describe('lazyWithPreload, once loaded', () => {
  it('keeps the part (and its state) when the screen renders again after the load', async () => {
    const Counter = () => {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          Clicked {count}
        </button>
      );
    };
    const chunk = deferred<typeof Counter>();
    const Part = lazyWithPreload(() => chunk.promise, <p role="status">Loading…</p>);
    const { rerender } = render(<Part />);
    chunk.resolve(Counter);
    const button = await screen.findByRole('button', { name: 'Clicked 0' });
    button.click();
    expect(await screen.findByRole('button', { name: 'Clicked 1' })).toBe(button);
    rerender(<Part />);
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBe(button);
  });
});
