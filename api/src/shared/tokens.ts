import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret (session cookies, verification links, API tokens). */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as their SHA-256 so a database leak does not hand them out. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
