import { isCryptoError } from '../../crypto/errors';
import type { CollectionData } from '../../crypto/collection-response';

// What a participant sent is untrusted: only plain http(s) links become links.
export function safeImageLinks(data: CollectionData): string[] {
  const links = Array.isArray(data.image_upload) ? data.image_upload : [];
  return links.filter((link): link is string => {
    if (typeof link !== 'string') return false;
    try {
      const url = new URL(link);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  });
}

export function formatLocation(location: CollectionData['location']): string {
  if (!location || typeof location !== 'object') return '';
  const { name, street, district, city, region, country } = location;
  const place = [street, district, city, region, country].filter((part) => typeof part === 'string' && part).join(', ');
  return name && place ? `${name}: ${place}` : place || (name ?? '');
}

// A cell's text: only strings and numbers are shown as they are.
export function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

// What a collection asked for beyond the table's columns: health and ID data, one line each.
export function otherData(data: CollectionData): string[] {
  const lines: string[] = [];
  const health = data.health;
  if (health && typeof health === 'object') {
    lines.push(
      `Health: ${text(health.stepsPerDay)} steps a day, resting heart rate ${text(health.restingHeartRate)} bpm, ${text(health.sleepHours)} h sleep`,
    );
  }
  const id = data.idDocument;
  if (id && typeof id === 'object') lines.push(`ID: ${text(id.type)}, ${text(id.country)}, ending ${text(id.last4)}`);
  return lines;
}

// Why one response did not open, in words a requester can act on.
export function decryptFailure(error: unknown): string {
  if (isCryptoError(error, 'HPKE_OPEN_FAILED')) {
    return 'Could not be decrypted: its data key does not open with this key, or it was altered.';
  }
  if (isCryptoError(error, 'RESPONSE_OPEN_FAILED')) {
    return 'Could not be decrypted: the data was altered or belongs to another request.';
  }
  if (isCryptoError(error, 'BAD_PEM') || isCryptoError(error, 'NOT_P256_KEY')) {
    return 'Could not be decrypted: the private key stored in this browser is not usable.';
  }
  return 'Could not be decrypted: the response is not in a format this app can read.';
}
