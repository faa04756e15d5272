/**
 * 1,234,567 for numbers and bigints. Whole numbers are grouped here, as toLocaleString('en-US') groups them: its
 * first call loads the locale data (~10 ms of every process that prints a count); fractions, -0 and numbers
 * past 2^53 go to toLocaleString.
 */
export function grouped(x: number | bigint): string {
  if (typeof x === 'bigint' || (Number.isSafeInteger(x) && !Object.is(x, -0))) {
    const digits = String(x);
    const at = digits.startsWith('-') ? 1 : 0;
    return digits.slice(0, at) + digits.slice(at).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  return x.toLocaleString('en-US', { maximumFractionDigits: 20 });
}
