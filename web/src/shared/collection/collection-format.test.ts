import { describe, expect, it } from 'vitest';
import { checkCollectionData, missingFields } from './collection-format';

const ALL = { profileData: true, locationData: true, healthData: true, idData: true, personalImages: true };
const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: 36,
  mobile: '+44 20 7946 0018',
  email: 'ada@example.org',
  gender: 'female',
  location: {
    name: 'Home',
    street: 'St James Sq 12',
    region: 'London',
    district: 'Westminster',
    city: 'London',
    country: 'UK',
  },
  health: { stepsPerDay: 8200, restingHeartRate: 61, sleepHours: 7.5 },
  idDocument: { type: 'passport', country: 'UK', last4: '0427' },
  image_upload: ['https://images.example.org/ada.jpg'],
};

describe('the collection response format', () => {
  it('takes a response holding exactly what the request asks for', () => {
    expect(checkCollectionData(ada, ALL)).toEqual([]);
    expect(checkCollectionData({ health: ada.health }, { healthData: true })).toEqual([]);
  });

  it('names what was not asked for and what is missing', () => {
    expect(checkCollectionData(ada, { healthData: true })).toEqual(
      expect.arrayContaining(['firstName was not asked for', 'image_upload was not asked for']),
    );
    expect(checkCollectionData({}, { idData: true, locationData: true })).toEqual([
      'location is missing',
      'idDocument is missing',
    ]);
    expect(checkCollectionData('Ada', ALL)).toEqual(['the response must be a JSON object']);
  });

  it.each([
    [{ age: '36' }, 'age must be a whole number from 13 to 120'],
    [{ age: 36.5 }, 'age must be a whole number from 13 to 120'],
    [{ mobile: '020 7946 0018' }, 'mobile must be in international form: + and 8 to 15 digits, e.g. +44 20 7946 0018'],
    [{ email: 'ada at example.org' }, 'email must be an e-mail address'],
    [{ gender: 'f' }, 'gender must be one of: female, male, non-binary, prefer not to say'],
    [{ firstName: ' Ada' }, 'firstName must not start or end with spaces'],
    [{ lastName: '' }, 'lastName must be 1 to 100 characters'],
    [{ location: { ...ada.location, city: 7 } }, 'location.city must be a string'],
    [{ location: { ...ada.location, zip: '1' } }, 'location.zip is not part of a location'],
    [{ health: { ...ada.health, stepsPerDay: '8200' } }, 'health.stepsPerDay must be a whole number of steps'],
    [{ health: { ...ada.health, sleepHours: 30 } }, 'health.sleepHours must be a number of hours from 0 to 24'],
    [
      { idDocument: { ...ada.idDocument, last4: 427 } },
      'idDocument.last4 must be the last 4 characters of the document number, as a string',
    ],
    [{ idDocument: { ...ada.idDocument, number: 'X1234567' } }, 'idDocument.number is not part of an ID document'],
    [
      { idDocument: { ...ada.idDocument, type: 'visa' } },
      'idDocument.type must be one of: passport, national ID card, driving licence',
    ],
    [{ image_upload: [] }, 'image_upload must be a list of 1 to 5 links'],
    [
      { image_upload: ['javascript:alert(1)'] },
      'image_upload.0 must be an https:// link (http:// from a development server)',
    ],
  ])('refuses %j', (change, problem) => {
    expect(checkCollectionData({ ...ada, ...change }, ALL)).toEqual([problem]);
  });
});

describe('what a response lacks', () => {
  it('names the asked-for fields that are absent or empty, and nothing else', () => {
    expect(missingFields(ada, ALL)).toEqual([]);
    expect(missingFields({ ...ada, age: null, email: '  ', image_upload: [] }, ALL)).toEqual([
      'age',
      'email',
      'image_upload',
    ]);
    // wrong formats are not absence, and what was not asked for is not missing
    expect(missingFields({ health: { stepsPerDay: 'many' } }, { healthData: true })).toEqual([]);
    expect(missingFields({ location: ada.location }, { locationData: true, idData: true })).toEqual(['idDocument']);
    expect(missingFields('Ada', { profileData: true })).toEqual([
      'firstName',
      'lastName',
      'age',
      'mobile',
      'email',
      'gender',
    ]);
  });
});
