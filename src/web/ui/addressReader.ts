/**
 * Reading a page's inputs from its address, and saying which it could not use. A value the page does not offer
 * (`box=9x9`, `method=magic`, `op=guess`, `daily=2025-13-45`) is replaced by the page's default, as before, and
 * now noted: `ignored` words each one (`box=9x9 is not one of 2x2, 2x3, …: showing 3x3`), and the page shows them
 * in a notice (page.ts, showIgnored). Pure: no DOM, so the unit test (test/web/addressReader.test.ts) runs it in
 * Node.
 */
export class AddressReader {
  /** One line per parameter that was given and not used. */
  readonly ignored: string[] = [];

  constructor(private readonly params: URLSearchParams) {}

  has(name: string): boolean {
    return this.params.has(name);
  }

  /** The raw value, or null when absent. */
  get(name: string): string | null {
    return this.params.get(name);
  }

  /** The value when `allowed` holds it; absent: the fallback; anything else: the fallback, noted. */
  choice(name: string, allowed: readonly string[], fallback: string): string {
    const v = this.params.get(name);
    if (v === null) return fallback;
    if (allowed.includes(v)) return v;
    this.ignore(name, v, `is not one of ${allowed.filter((a) => a !== '').join(', ')}`, fallback);
    return fallback;
  }

  /** A calendar date YYYY-MM-DD (a `daily` seed); absent or empty: ''; anything else: '', noted. */
  date(name: string): string {
    const v = this.params.get(name);
    if (v === null || v === '') return '';
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (
      m &&
      d &&
      d.getUTCFullYear() === Number(m[1]) &&
      d.getUTCMonth() === Number(m[2]) - 1 &&
      d.getUTCDate() === Number(m[3])
    )
      return v;
    this.ignore(name, v, 'is not a date YYYY-MM-DD', '');
    return '';
  }

  /** Names in a comma list (`variant=x,windoku`) that `allowed` holds; the others noted. */
  list(name: string, allowed: readonly string[]): string[] {
    const v = this.params.get(name);
    if (v === null || v === '') return [];
    const items = v.split(',');
    const bad = items.filter((x) => !allowed.includes(x));
    if (bad.length > 0)
      this.ignore(name, bad.join(','), `${bad.length === 1 ? 'is' : 'are'} not among ${allowed.join(', ')}`, null);
    return items.filter((x) => allowed.includes(x));
  }

  private ignore(name: string, value: string, why: string, fallback: string | null): void {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    this.ignored.push(
      `${name}=${shown} ${why}: ` +
        (fallback === null ? 'left out' : fallback === '' ? 'left empty' : `showing ${fallback}`),
    );
  }
}
