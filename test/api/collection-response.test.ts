import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectionResponseJson } from '../../shared/collection-response.schema';
import { buildOpenApi } from '../../api/src/rest/openapi';
import { restApi } from './support/app';
import { fakePerson, rng } from '../../scripts/simulate/fake-data';
import { checkCollectionData, type CollectionOptions } from '../../web/src/shared/collection/collection-format';

// The OpenAPI document's CollectionResponse (what encryptedData holds once opened) must say what
// docs/collection-response.md says and what the participant client checks before encrypting.
const OPTIONS = ['profileData', 'locationData', 'healthData', 'idData', 'personalImages'] as const;
const docBlocks = () =>
  [...readFileSync('docs/collection-response.md', 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );

describe('the CollectionResponse schema', () => {
  it('carries the examples of docs/collection-response.md, and takes them', () => {
    const blocks = docBlocks();
    expect(collectionResponseJson.meta()?.examples).toEqual(blocks);
    for (const block of blocks) expect(collectionResponseJson.safeParse(block).error).toBeUndefined();
  });

  it('takes what the participant simulator sends, for every combination of options', () => {
    const random = rng(11);
    for (let mask = 1; mask < 1 << OPTIONS.length; mask++) {
      const options = Object.fromEntries(OPTIONS.map((o, i) => [o, Boolean(mask & (1 << i))])) as CollectionOptions;
      for (let n = 0; n < 5; n++) {
        expect(collectionResponseJson.safeParse(fakePerson(random, options)).error).toBeUndefined();
      }
    }
  });

  it('agrees with the participant client on what follows the format and what does not', () => {
    const [first, second] = docBlocks();
    const full = { ...first, ...second };
    const all = Object.fromEntries(OPTIONS.map((o) => [o, true])) as CollectionOptions;
    const broken: [string, (r: Record<string, unknown>) => void][] = [
      ['age as a string', (r) => (r.age = '36')],
      ['age below 13', (r) => (r.age = 12)],
      ['age not whole', (r) => (r.age = 36.5)],
      ['a national mobile number', (r) => (r.mobile = '020 7946 0018')],
      ['an e-mail without a domain', (r) => (r.email = 'ada')],
      ['another gender', (r) => (r.gender = 'other')],
      ['a name with a leading space', (r) => (r.firstName = ' Ada')],
      ['an empty name', (r) => (r.lastName = '')],
      ['a name of 101 characters', (r) => (r.firstName = 'a'.repeat(101))],
      ['a location without its city', (r) => delete (r.location as Record<string, unknown>).city],
      ['a location with a postcode', (r) => ((r.location as Record<string, unknown>).postcode = 'SW1')],
      ['25 hours of sleep', (r) => ((r.health as Record<string, unknown>).sleepHours = 25)],
      ['negative steps', (r) => ((r.health as Record<string, unknown>).stepsPerDay = -1)],
      ['a heart rate of 19', (r) => ((r.health as Record<string, unknown>).restingHeartRate = 19)],
      ['a visa as ID document', (r) => ((r.idDocument as Record<string, unknown>).type = 'visa')],
      ['five characters of the document number', (r) => ((r.idDocument as Record<string, unknown>).last4 = '04271')],
      ['no image link', (r) => (r.image_upload = [])],
      ['six image links', (r) => (r.image_upload = Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`))],
      ['an ftp image link', (r) => (r.image_upload = ['ftp://images.example.org/ada.jpg'])],
      ['a link with a space', (r) => (r.image_upload = ['https://images.example.org/a b.jpg'])],
      ['a key no option asks for', (r) => (r.nickname = 'ada')],
    ];
    expect(checkCollectionData(full, all)).toEqual([]);
    expect(collectionResponseJson.safeParse(full).success).toBe(true);
    for (const [what, breakIt] of broken) {
      const sample = structuredClone(full);
      breakIt(sample);
      expect(checkCollectionData(sample, all).length, `the client refuses ${what}`).toBeGreaterThan(0);
      expect(collectionResponseJson.safeParse(sample).success, `the schema refuses ${what}`).toBe(false);
    }
  });

  it('states one image-link rule in the OpenAPI document, the docs and the client: https, or http from a development server', () => {
    const [first, second] = docBlocks();
    const all = Object.fromEntries(OPTIONS.map((o) => [o, true])) as CollectionOptions;
    for (const link of [
      'https://parley.example.org/v1/requestClient/image/1',
      'http://localhost:3000/v1/requestClient/image/1',
    ]) {
      const sample = { ...first, ...second, image_upload: [link] };
      expect(collectionResponseJson.safeParse(sample).success, link).toBe(true);
      expect(checkCollectionData(sample, all), link).toEqual([]);
    }
    const doc = buildOpenApi(restApi, { version: 'test' }) as {
      components: {
        schemas: {
          CollectionResponse: { properties: { image_upload: { items: { pattern: string; description: string } } } };
        };
      };
    };
    const item = doc.components.schemas.CollectionResponse.properties.image_upload.items;
    expect(item.pattern).toBe('^https?:\\/\\/\\S+$');
    expect(item.description).toMatch(
      /https:\/\/ from a server on https; http:\/\/ only from a local development server/,
    );
    const row = readFileSync('docs/collection-response.md', 'utf8')
      .split('\n')
      .find((line) => line.includes('`image_upload`') && line.startsWith('|'));
    expect(row).toMatch(/`https:\/\/` from a server on https, `http:\/\/` only from a local development server/);
  });
});
