// Byte helpers shared by the crypto module. Plain loops over atob/btoa so the same code runs in
// browsers, Web Workers and Node without Buffer.
import { CryptoError } from './errors';

// ArrayBuffer-backed bytes: what WebCrypto's BufferSource accepts under TypeScript's DOM lib.
export type Bytes = Uint8Array<ArrayBuffer>;

const utf8Encoder = new TextEncoder();
// fatal: a cell that decrypts to invalid UTF-8 must fail, not turn into U+FFFD silently.
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

export function utf8(text: string): Bytes {
  return utf8Encoder.encode(text);
}

export function fromUtf8(bytes: Uint8Array): string {
  return utf8Decoder.decode(bytes);
}

// Copies into a fresh ArrayBuffer: callers may hand us views over SharedArrayBuffer or larger
// buffers, which WebCrypto and our concatenations must not see.
export function copyBytes(bytes: Uint8Array): Bytes {
  return new Uint8Array(bytes);
}

export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function randomBytes(length: number): Bytes {
  return crypto.getRandomValues(new Uint8Array(length));
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function fromHex(hex: string): Bytes {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new CryptoError('INVALID_ARGUMENT', 'not an even-length hex string');
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// Uint8Array.prototype.toBase64 (native, where the browser has it: Chromium 140 and later)
type WithToBase64 = Uint8Array & { toBase64?: () => string };

export function toBase64(bytes: Uint8Array): string {
  const native = (bytes as WithToBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  // Chunked so very large inputs do not overflow the argument limit of fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

// Strict standard base64 (with padding). atob alone would accept white space and missing
// padding; envelopes and PEM bodies are checked against this exact alphabet first.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isBase64(text: string): boolean {
  return BASE64.test(text);
}

// Returns null rather than throwing so each caller can raise its own precise error code.
export function fromBase64(text: string): Bytes | null {
  if (!isBase64(text)) return null;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
