import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCollectionData, type CollectionOptions } from '../../web/src/shared/collection/collection-format';
import { fakePerson, rng } from './fake-data';

const OPTIONS = ['profileData', 'locationData', 'healthData', 'idData', 'personalImages'] as const;

describe('simulated participants', () => {
  it('send collection responses in the documented format, for every combination of options', () => {
    const random = rng(7);
    for (let mask = 1; mask < 1 << OPTIONS.length; mask++) {
      const options: CollectionOptions = Object.fromEntries(OPTIONS.map((o, i) => [o, Boolean(mask & (1 << i))]));
      for (let n = 0; n < 20; n++) expect(checkCollectionData(fakePerson(random, options), options)).toEqual([]);
    }
  });
});

describe('docs/collection-response.md', () => {
  it('gives examples that follow the format it describes', () => {
    const blocks = [...readFileSync('docs/collection-response.md', 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );
    expect(blocks).toHaveLength(2);
    expect(checkCollectionData(blocks[0], { profileData: true, locationData: true, personalImages: true })).toEqual([]);
    expect(checkCollectionData(blocks[1], { healthData: true, idData: true })).toEqual([]);
  });
});
