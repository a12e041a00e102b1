import { isCryptoError } from '../../crypto/errors';
import type { CollectionData } from '../../crypto/collection-response';
import { text } from '../../../../shared/export-format';

// The cells' rules are the exports' (one module, so a table and its download agree).
export { safeImageLinks, text } from '../../../../shared/export-format';

export function formatLocation(location: CollectionData['location']): string {
  if (!location || typeof location !== 'object') return '';
  const { name, street, district, city, region, country } = location;
  const place = [street, district, city, region, country].filter((part) => typeof part === 'string' && part).join(', ');
  return name && place ? `${name}: ${place}` : place || (name ?? '');
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
