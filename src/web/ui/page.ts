/**
 * What every page shares: the navigation, the page's inputs read from and written to its address (so a link
 * shows a result), number formatting and downloads.
 */
import { AddressReader } from './addressReader.js';
import { pageJobs, type PageJobs } from './pageJob.js';
const PAGES = [
  ['count', 'Count'],
  ['number', 'Grid by number'],
  ['puzzles', 'Puzzles'],
  ['play', 'Play'],
  ['audit', 'Audit'],
  ['estimate', 'Estimators'],
] as const;

/** What every page starts from (startPage): its form, its box-shape select, its status line, its address, its jobs. */
export interface PageStart {
  readonly form: HTMLFormElement;
  readonly box: HTMLSelectElement;
  readonly status: HTMLParagraphElement;
  /** The page's inputs from its address; the page calls showIgnored(params) once it has read them. */
  readonly params: AddressReader;
  /** Its jobs, behind the Run (#run) and Stop (#stop) buttons and the status line. */
  readonly jobs: PageJobs;
}

/**
 * Start a page's script: draw the navigation into the page's <nav>, marking the current page, and find what every
 * page has (#form, #box, #run, #stop and the status line, `statusId`).
 */
export function startPage(current: string, statusId = 'status'): PageStart {
  const nav = document.querySelector('nav');
  if (nav) {
    const links = PAGES.map(
      ([path, label]) => `<a href="../${path}/"${path === current ? ' aria-current="page"' : ''}>${label}</a>`,
    );
    nav.innerHTML = `<a href="../" class="home">sudoku-count</a> ${links.join(' ')}`;
  }
  const status = element<HTMLParagraphElement>(statusId);
  return {
    form: element<HTMLFormElement>('form'),
    box: element<HTMLSelectElement>('box'),
    status,
    params: addressReader(),
    jobs: pageJobs({ runButton: element('run'), stopButton: element('stop'), status }),
  };
}

/** The page's inputs from its address (`?box=3x3&run=1`). */
export function addressParams(): URLSearchParams {
  return new URLSearchParams(location.search);
}

/** The page's inputs from its address, read by an AddressReader that notes what it could not use. */
export function addressReader(): AddressReader {
  return new AddressReader(addressParams());
}

/**
 * Say which address parameters the page ignored (AddressReader.ignored) in a notice above its form, as text (never
 * markup); the form shows the defaults used instead. Nothing when every parameter was used.
 */
export function showIgnored(reader: AddressReader): void {
  if (reader.ignored.length === 0) return;
  const notice = document.createElement('p');
  notice.id = 'address-notice';
  notice.className = 'notice';
  notice.setAttribute('role', 'status');
  notice.textContent = `Ignored in the address: ${reader.ignored.join('; ')}.`;
  const form = document.querySelector('main form');
  if (form) form.before(notice);
  else document.querySelector('main')?.prepend(notice);
}

/** Put the inputs in the address without reloading, so the link shows this result. */
export function setAddress(params: Record<string, string | number | boolean | undefined>): void {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== false) q.set(k, String(v));
  history.replaceState(null, '', `${location.pathname}?${q.toString()}`);
}

/** 1234567n → "1,234,567". */
export function grouped(x: number | bigint): string {
  return x.toLocaleString('en-US');
}

export function element<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`internal: no element #${id}`);
  return e as T;
}

/** Offer `text` as a file download. */
export function download(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Escape text for innerHTML. */
export function html(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a page says of a seed that is not one. */
export const SEED_ERROR = 'the seed must be a whole number 0…4294967295';

/** The seed typed in `input` (0..2^32−1), a new random one filled in when it is empty; null when it is not one. */
export function seedFrom(input: HTMLInputElement): number | null {
  const t = input.value.trim();
  if (t === '') {
    const s = crypto.getRandomValues(new Uint32Array(1))[0];
    input.value = String(s);
    return s;
  }
  const s = Number(t);
  return /^\d+$/.test(t) && s <= 0xffffffff ? s : null;
}
