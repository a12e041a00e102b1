// The JSON a collection response holds, as docs/collection-response.md specifies it: the checks a
// participant client runs before encrypting (the server never sees the JSON, so it cannot). Returns
// the problems in words, each naming the field; an empty list means the response follows the format.
import type { CollectionData } from '../../crypto/collection-response';

export type CollectionOptions = Partial<
  Record<'profileData' | 'locationData' | 'healthData' | 'idData' | 'personalImages', boolean>
>;

export const GENDERS = ['female', 'male', 'non-binary', 'prefer not to say'] as const;
export const ID_TYPES = ['passport', 'national ID card', 'driving licence'] as const;
export const MAX_IMAGES = 5;
const MAX_TEXT = 200;

// which keys each requested option brings
const KEYS: Record<keyof CollectionOptions, string[]> = {
  profileData: ['firstName', 'lastName', 'age', 'mobile', 'email', 'gender'],
  locationData: ['location'],
  healthData: ['health'],
  idData: ['idDocument'],
  personalImages: ['image_upload'],
};
const LOCATION_KEYS = ['name', 'street', 'region', 'district', 'city', 'country'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWhole = (v: unknown, min: number, max: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function text(problems: string[], field: string, v: unknown, max = MAX_TEXT, min = 1) {
  if (typeof v !== 'string') problems.push(`${field} must be a string`);
  else if (v.trim() !== v) problems.push(`${field} must not start or end with spaces`);
  else if (v.length < min || v.length > max) problems.push(`${field} must be ${min} to ${max} characters`);
}

export function checkCollectionData(data: unknown, options: CollectionOptions): string[] {
  if (!isObject(data)) return ['the response must be a JSON object'];
  const problems: string[] = [];
  const wanted = (Object.keys(KEYS) as (keyof CollectionOptions)[]).filter((o) => options[o]);
  const allowed = new Set(wanted.flatMap((o) => KEYS[o]));
  for (const key of Object.keys(data)) if (!allowed.has(key)) problems.push(`${key} was not asked for`);
  for (const key of allowed) if (!(key in data)) problems.push(`${key} is missing`);

  if (options.profileData) {
    if ('firstName' in data) text(problems, 'firstName', data.firstName, 100);
    if ('lastName' in data) text(problems, 'lastName', data.lastName, 100);
    if ('age' in data && !isWhole(data.age, 13, 120)) problems.push('age must be a whole number from 13 to 120');
    if ('mobile' in data && !(typeof data.mobile === 'string' && /^\+[1-9](?: ?\d){7,14}$/.test(data.mobile))) {
      problems.push('mobile must be in international form: + and 8 to 15 digits, e.g. +44 20 7946 0018');
    }
    if ('email' in data && !(typeof data.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(data.email))) {
      problems.push('email must be an e-mail address');
    }
    if ('gender' in data && !GENDERS.includes(data.gender as (typeof GENDERS)[number])) {
      problems.push(`gender must be one of: ${GENDERS.join(', ')}`);
    }
  }
  if (options.locationData && 'location' in data) {
    const location = data.location;
    if (!isObject(location)) problems.push('location must be an object');
    else {
      for (const key of Object.keys(location))
        if (!LOCATION_KEYS.includes(key)) problems.push(`location.${key} is not part of a location`);
      for (const key of LOCATION_KEYS) text(problems, `location.${key}`, location[key]);
    }
  }
  if (options.healthData && 'health' in data) {
    const health = data.health;
    if (!isObject(health)) problems.push('health must be an object');
    else {
      if (!isWhole(health.stepsPerDay, 0, 200_000)) problems.push('health.stepsPerDay must be a whole number of steps');
      if (!isWhole(health.restingHeartRate, 20, 250))
        problems.push('health.restingHeartRate must be whole beats per minute');
      if (!(typeof health.sleepHours === 'number' && health.sleepHours >= 0 && health.sleepHours <= 24)) {
        problems.push('health.sleepHours must be a number of hours from 0 to 24');
      }
      for (const key of Object.keys(health)) {
        if (!['stepsPerDay', 'restingHeartRate', 'sleepHours'].includes(key))
          problems.push(`health.${key} is not part of health data`);
      }
    }
  }
  if (options.idData && 'idDocument' in data) {
    const id = data.idDocument;
    if (!isObject(id)) problems.push('idDocument must be an object');
    else {
      if (!ID_TYPES.includes(id.type as (typeof ID_TYPES)[number]))
        problems.push(`idDocument.type must be one of: ${ID_TYPES.join(', ')}`);
      text(problems, 'idDocument.country', id.country);
      if (!(typeof id.last4 === 'string' && /^[A-Za-z0-9]{4}$/.test(id.last4))) {
        problems.push('idDocument.last4 must be the last 4 characters of the document number, as a string');
      }
      for (const key of Object.keys(id)) {
        if (!['type', 'country', 'last4'].includes(key))
          problems.push(`idDocument.${key} is not part of an ID document`);
      }
    }
  }
  if (options.personalImages && 'image_upload' in data) {
    const links = data.image_upload;
    if (!Array.isArray(links) || links.length < 1 || links.length > MAX_IMAGES) {
      problems.push(`image_upload must be a list of 1 to ${MAX_IMAGES} links`);
    } else {
      links.forEach((link, i) => {
        // https:// from a server on https; http:// from a local development server (as uploadImage answers)
        if (!(typeof link === 'string' && /^https?:\/\/\S+$/.test(link) && link.length <= 2000)) {
          problems.push(`image_upload.${i} must be an https:// link (http:// from a development server)`);
        }
      });
    }
  }
  return problems;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The fields a request asked for that a response leaves out or leaves empty (the requester's review
 * flags such a response). Only absence counts here; checkCollectionData also judges the formats.
 */
export function missingFields(data: unknown, options: CollectionOptions): string[] {
  const wanted = (Object.keys(KEYS) as (keyof CollectionOptions)[]).filter((o) => options[o]).flatMap((o) => KEYS[o]);
  if (!isObject(data)) return wanted;
  return wanted.filter((key) => isEmpty(data[key]));
}

/** A response that follows the format, typed. */
export const followsCollectionFormat = (data: unknown, options: CollectionOptions): data is CollectionData =>
  checkCollectionData(data, options).length === 0;
