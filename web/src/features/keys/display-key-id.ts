import { formatKeyId, isKeyId } from '../../crypto/keys';

// Colon-separated hex pairs ("3f:a0:..."); anything unexpected is shown as it came.
export function displayKeyId(id: string): string {
  return isKeyId(id) ? formatKeyId(id) : id;
}
