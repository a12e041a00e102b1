// Form rules of the clean-room screens, with the spec's wording where it has one.
export type CreateRoomValues = { name: string; email: string; keyId: string };

// The same shape servers commonly accept: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateCreateRoom(values: CreateRoomValues): Partial<Record<keyof CreateRoomValues, string>> {
  const errors: Partial<Record<keyof CreateRoomValues, string>> = {};
  if (values.name.trim() === '') errors.name = 'Please fill the name of the room';
  if (!isEmail(values.email)) errors.email = 'Please fill the appropriate email';
  if (values.keyId === '') errors.keyId = 'Please choose a key';
  return errors;
}
