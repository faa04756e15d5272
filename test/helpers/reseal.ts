import { seal } from '../../src/io/seal.js';

/**
 * A sealed file's text (src/io/seal.ts) sealed again after `edit`: what a hostile or careless hand can do, since the
 * checksum is no secret. The HMAC, if any, is dropped (it cannot be forged without the key).
 */
export function resealed(text: string, edit: (body: string) => string = (b) => b): string {
  const body = text.slice(0, text.lastIndexOf(',"sha256":"')).replace(/,"hmac-sha256":"[0-9a-f]{64}"$/, '');
  return seal(edit(body));
}

/** `body` (a JSON object's text without its closing brace) sealed, with no key. */
export function sealedBody(body: string): string {
  return seal(body);
}
