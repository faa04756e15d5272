/**
 * Logarithms of whole numbers too big for a double (BigInt), to double precision: the leading 17 digits and the
 * number of the rest. log10Big(10n ** 40n) = 40; lnBig(x) = log10Big(x)·ln 10. x must be > 0.
 */
export function log10Big(x: bigint): number {
  if (x <= 0n) throw new RangeError(`log10Big: ${x} is not positive`);
  const s = x.toString();
  if (s.length <= 17) return Math.log10(Number(x));
  return Math.log10(Number(s.slice(0, 17))) + (s.length - 17);
}

export function lnBig(x: bigint): number {
  return log10Big(x) * Math.LN10;
}
