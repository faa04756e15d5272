import JSONbigFactory from 'json-bigint';

/**
 * JSON with exact big integers: BigInt values are written as plain JSON numbers, and numbers beyond 2^53
 * are read back as BigInt (json-bigint with native BigInt).
 */
const JSONbig = JSONbigFactory({ useNativeBigInt: true });

export function toJson(value: unknown, indent?: number): string {
  return JSONbig.stringify(value, null, indent);
}

export function fromJson(text: string): unknown {
  return JSONbig.parse(text);
}
