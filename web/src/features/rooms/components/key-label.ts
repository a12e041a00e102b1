import { formatKeyId, isKeyId } from '../../../crypto/keys';

// "Title (3f:a0:…:9c)": the title people gave the key, with the start and end of its id.
export function keyLabel(key: { id: string; title: string }): string {
  if (!isKeyId(key.id)) return key.title;
  const pairs = formatKeyId(key.id).split(':');
  return `${key.title} (${pairs.slice(0, 2).join(':')}:…:${pairs.at(-1)})`;
}
