import { describe, expect, it } from 'vitest';
import { sealedCellLength } from '../../../crypto/cells';
import { initialSetup, MAX_SEALED_VALUE_BYTES, toPlans, validateSetup } from './column-setup';
import { CHUNK_ROWS, chunkRowsFor } from './upload-chunk';

const setup = () => initialSetup(['E-mail', 'Full Name', 'Notes']);

describe('validateSetup', () => {
  it('accepts the first choices for a fresh name', () => {
    expect(validateSetup('customers', setup(), ['other'], [20, 30, 400])).toEqual({ columns: {} });
  });

  it('names what is wrong: the data set name, column names and join domains', () => {
    const columns = setup();
    columns[1] = { ...columns[1], name: 'email' };
    columns[0] = { ...columns[0], domain: 'e mail' };
    expect(validateSetup(' Other ', columns, ['other'])).toEqual({
      name: 'A data set of this room already has this name',
      columns: {
        0: { name: 'Column names must be unique', domain: 'A join domain is letters, digits and _' },
        1: { name: 'Column names must be unique' },
      },
    });
    expect(validateSetup('  ', setup(), []).name).toBe('Please fill the name of the data set');
  });

  it('refuses values longer than the server stores, before anything is encrypted', () => {
    // the longest sealed value: padded to 4096 bytes, a cell of IV + 4096 + tag fits 8192 bytes
    expect(MAX_SEALED_VALUE_BYTES).toBe(4092);
    expect(sealedCellLength(4092, 1024)).toBeLessThanOrEqual(8192);
    expect(sealedCellLength(4093, 1024)).toBeGreaterThan(8192);
    expect(validateSetup('x', setup(), [], [20, 30, 4092]).columns).toEqual({});
    expect(validateSetup('x', setup(), [], [20, 30, 4093]).columns[2]).toEqual({
      role: 'A value of 4093 bytes is too long to encrypt (at most 4092)',
    });
    // left in clear, the same column may hold up to 1000 characters
    const clear = setup().map((c, i) => (i === 2 ? { ...c, role: 'clear' as const } : c));
    expect(validateSetup('x', clear, [], [20, 30, 3000]).columns).toEqual({});
    expect(validateSetup('x', clear, [], [20, 30, 3001]).columns[2]?.role).toMatch(/at most 1000 characters/);
  });
});

describe('chunkRowsFor', () => {
  it('sends the most rows a chunk may hold, unless the rows are wide', () => {
    const narrow = [20, 30, 40];
    expect(chunkRowsFor(toPlans(setup(), narrow), narrow)).toBe(CHUNK_ROWS);
    // a join key and two sealed columns of 4000-byte values: cells of 12 + 4096 + 16 bytes,
    // 3 * (2 + 4124) + 2 + 16 = 12,396 bytes a row (sent as they are): 1353 fit 16 MB
    const wide = [4000, 4000, 4000];
    expect(chunkRowsFor(toPlans(setup(), wide), wide)).toBe(1353);
  });
});
