import { createHash } from 'node:crypto';
import {
  CLASS_SUM_METHODS,
  countSpecName,
  countSpecOf,
  isCountRules,
  type ClassSumMethod,
  type CountSpec,
} from '../grid/countSpec.js';
import { InputError } from '../grid/shape.js';
import { fromJson } from './fromJson.js';
import type { OutputOptions } from './outputFile.js';
import { readBounded, READ_LIMITS } from './readBounded.js';
import { checkSeal, seal } from './seal.js';

/**
 * The files of a sharded count (src/shards/): a plan, the result of each shard, and a shard's checkpoint. Each is
 * one JSON object, tagged and versioned, whose last key is the SHA-256 of everything before it:
 *
 *   {"format":"sudoku-count/shard-result","version":1, … ,"sha256":"<64 hex digits of the text before ,"sha256">"}
 *
 * so a file cut short, edited or damaged on the way back from a cluster is refused by name, never merged (the seal is
 * src/io/seal.ts's: with SUDOKU_COUNT_SEAL_KEY set, an HMAC under that key comes before the checksum). Lists
 * (class ids, per-class values) are written one entry per line, so the files stay readable and diffable.
 *
 *   plan        {"format":"sudoku-count/shard-plan","version":1,"id":"<16 hex>","method":"column-sets","box":"5x2",
 *                "classes":355,"digest":"<class list>","units":12264,"scale":5,"shards":16,"estimate":{…},
 *                "classFacts":{…},
 *                "assignment":[[units of shard 0],…],
 *                "payload":[[unit 0's numbers],…],            only when a shard needs them (column sets)
 *                "combine":[[unit,mult,unit,mult,…],…],       only when units are not classes (column sets)
 *                "classRows":[[class 0's numbers],…]}         the class list (see ClassListData)
 *   result      {"format":"sudoku-count/shard-result","version":1,"plan":"<plan id>","method":…,"box":…,
 *                "classes":…,"digest":…,"units":…,"combined":true,"shards":16,"shard":3,"facts":{…},
 *                "seconds":…,"cpuSeconds":…,
 *                "values":[[unit, value],…]}
 *   checkpoint  {"format":"sudoku-count/shard-checkpoint","version":1,"plan":…,"shard":3,"seconds":…,
 *                "cpuSeconds":…,"facts":{…},"values":[[unit, value],…]}
 *
 * The plan's id is the first 16 hex digits of its own checksum: it names the plan in every result. Any of them is
 * also read gzipped (a path ending in .gz; the checksum is the text's), so a large plan can be kept compressed.
 */
export const SHARD_FORMAT_VERSION = 1;
export const PLAN_FORMAT = 'sudoku-count/shard-plan';
export const RESULT_FORMAT = 'sudoku-count/shard-result';
export const CHECKPOINT_FORMAT = 'sudoku-count/shard-checkpoint';

/** Output rules (src/io/outputFile.ts): each file replaces only a file of its own format. */
const outputOf = (format: string, what: string): OutputOptions => ({
  what,
  isOurs: (head: string): boolean => head.startsWith(`{"format":"${format}"`),
});
export const PLAN_OUTPUT = outputOf(PLAN_FORMAT, 'shard plan');
export const RESULT_OUTPUT = outputOf(RESULT_FORMAT, 'shard result');
export const CHECKPOINT_OUTPUT = outputOf(CHECKPOINT_FORMAT, 'shard checkpoint');

/** Numbers a count's shards report besides their classes' values (the same in every shard, checked at merge). */
export type ShardFacts = Readonly<Record<string, number>>;

export interface ShardEstimate {
  /** Classes timed when the plan was made (a seeded random sample). */
  readonly sampled: number;
  /** Their wall seconds, in all. */
  readonly sampleSeconds: number;
  /** Seconds to set a shard up (class list, tables) before its first unit, as measured at planning. */
  readonly setupSeconds: number;
  /** Seconds the plan took to cut the count into units. */
  readonly unitSeconds: number;
  /** Estimated seconds of each shard on one thread, setup included. */
  readonly shardSeconds: readonly number[];
  /** Estimated peak memory of one shard, MB. */
  readonly memoryMB: number;
}

/**
 * The class list as a plan carries it, so that shards and the merge take it from there instead of finding it again
 * (src/classSum/classSum.ts says what the numbers are for each method). Plans written before it existed lack it, and
 * then each finds the list itself.
 */
export interface ClassListData {
  /** Numbers about the list as a whole (the search's size, the number of bands). */
  readonly facts: ShardFacts;
  /** One row of whole numbers per class, in class order. */
  readonly rows: readonly (readonly number[])[];
}

/** A plan's numbers besides its lists. */
export interface ShardPlanHead {
  readonly id: string;
  readonly method: string;
  readonly box: string;
  /**
   * The count, typed: its route (`method`) and rules (the head's "rules"; a plan written before plans carried them
   * has them read from `method` and `box`, src/grid/countSpec.ts). `box` is their name, for people and results.
   */
  readonly spec: CountSpec;
  readonly classes: number;
  readonly digest: string;
  readonly shards: number;
  /** Units of work the shards count (the classes themselves, or pieces of work several classes share). */
  readonly units: number;
  /** A class's value is scale · Σ multiplicity·value(unit). */
  readonly scale: number;
  readonly estimate: ShardEstimate;
}

export interface ShardPlan extends ShardPlanHead {
  /** Units of each shard, increasing. */
  readonly assignment: readonly (readonly number[])[];
  /** Each unit's numbers, for the shard that counts it (null: rebuilt from the class list). */
  readonly payload: readonly (readonly number[])[] | null;
  /** Each class's [unit, multiplicity, …] (null: unit c is class c). */
  readonly combine: readonly (readonly number[])[] | null;
  /** The class list (null in a plan written before plans carried it). */
  readonly classList: ClassListData | null;
}

/**
 * What one shard needs of a plan (readShardPlan): the head, every shard's units (checked: each unit in one shard),
 * the class list, and the payload of this shard's units only; the combine table (the merge's) is not read.
 */
export interface ShardPlanSlice extends ShardPlanHead {
  readonly shard: number;
  readonly assignment: readonly (readonly number[])[];
  /** The payload of each of this shard's units (null: the units are rebuilt from the class list). */
  readonly payload: ReadonlyMap<number, readonly number[]> | null;
  /** Whether the plan combines units into classes (it has a combine table). */
  readonly combined: boolean;
  readonly classList: ClassListData | null;
}

export interface ShardValues {
  readonly plan: string;
  readonly shard: number;
  /**
   * The count a one-machine run's checkpoint holds (src/classSum/runClassSum.ts): its method and shape, so that
   * `--resume FILE` alone names the run; a shard's checkpoint has none (its plan names the count).
   */
  readonly count?: { readonly method: string; readonly box: string; readonly level?: string };
  /** Wall seconds spent counting, summed over sessions. */
  readonly seconds: number;
  /** CPU seconds (every thread), summed over sessions. */
  readonly cpuSeconds: number;
  readonly facts: ShardFacts;
  /** Value of each unit counted, by id. */
  readonly values: ReadonlyMap<number, bigint>;
  /**
   * What a unit's count reports beside its value, by id, for a count whose units report more (the DLX route: middle
   * bands, search microseconds): written after the value, `[unit, value, detail, …]`; absent for the others.
   */
  readonly details?: ReadonlyMap<number, readonly bigint[]>;
}

export interface ShardResult extends ShardValues {
  readonly method: string;
  readonly box: string;
  readonly classes: number;
  readonly digest: string;
  readonly units: number;
  /** Whether the units must be combined into classes with the plan's table (so the merge needs the plan). */
  readonly combined: boolean;
  readonly shards: number;
}

/** The lists as sealed() appends them to a head: `,"key":[`, a line per entry, `]`. */
function listsText(lists: Readonly<Record<string, readonly string[]>>): string {
  let text = '';
  for (const [key, lines] of Object.entries(lists)) text += `,"${key}":[\n${lines.map((l) => `  ${l}`).join(',\n')}\n]`;
  return text;
}

/** `head` (a JSON object's text) with the lists and the checksum key appended. */
function sealed(head: string, lists: Readonly<Record<string, readonly string[]>>): string {
  return seal(head.slice(0, -1) + listsText(lists));
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;

const valueLines = (values: ReadonlyMap<number, bigint>, details?: ReadonlyMap<number, readonly bigint[]>): string[] =>
  [...values]
    .sort((a, b) => a[0] - b[0])
    .map(([id, v]) => `[${id},${v}${(details?.get(id) ?? []).map((d) => `,${d}`).join('')}]`);

/**
 * A file's head as JSON. Heads hold no BigInt (names, whole numbers, seconds), so JSON.stringify writes them as
 * the library's toJson would, without loading json-bigint (~8 ms of every shard's start-up).
 */
const headJson = (head: Record<string, unknown>): string => JSON.stringify(head);

export function planText(plan: Omit<ShardPlan, 'id'>): { text: string; id: string } {
  const { rows, cols, variants } = plan.spec.rules;
  const headOf = (id: string) =>
    headJson({
      format: PLAN_FORMAT,
      version: SHARD_FORMAT_VERSION,
      id,
      method: plan.method,
      box: plan.box,
      rules: { rows, cols, variants },
      classes: plan.classes,
      digest: plan.digest,
      units: plan.units,
      scale: plan.scale,
      shards: plan.shards,
      estimate: plan.estimate,
      ...(plan.classList ? { classFacts: plan.classList.facts } : {}),
    });
  const lists: Record<string, string[]> = { assignment: plan.assignment.map((ids) => JSON.stringify(ids)) };
  if (plan.payload) lists['payload'] = plan.payload.map((x) => JSON.stringify(x));
  if (plan.combine) lists['combine'] = plan.combine.map((x) => JSON.stringify(x));
  if (plan.classList) lists['classRows'] = plan.classList.rows.map((x) => JSON.stringify(x));
  // the id is the checksum of the plan written without it (sealed(headOf(''), lists)): the lists' text is built
  // once, and the body hashed once for both that plan's checksum and, going on, its own
  const tail = listsText(lists);
  const hash = createHash('sha256').update(headOf('').slice(0, -1) + tail);
  const id = hash
    .update(`,"sha256":"${hash.copy().digest('hex')}"}\n`)
    .digest('hex')
    .slice(0, 16);
  return { text: seal(headOf(id).slice(0, -1) + tail), id };
}

export function resultText(r: ShardResult): string {
  const head = headJson({
    format: RESULT_FORMAT,
    version: SHARD_FORMAT_VERSION,
    plan: r.plan,
    method: r.method,
    box: r.box,
    classes: r.classes,
    digest: r.digest,
    units: r.units,
    combined: r.combined,
    shards: r.shards,
    shard: r.shard,
    facts: r.facts,
    seconds: round3(r.seconds),
    cpuSeconds: round3(r.cpuSeconds),
  });
  return sealed(head, { values: valueLines(r.values, r.details) });
}

export function checkpointText(c: ShardValues): string {
  const head = headJson({
    format: CHECKPOINT_FORMAT,
    version: SHARD_FORMAT_VERSION,
    plan: c.plan,
    shard: c.shard,
    ...(c.count ? { method: c.count.method, box: c.count.box } : {}),
    ...(c.count?.level !== undefined ? { level: c.count.level } : {}),
    facts: c.facts,
    seconds: round3(c.seconds),
    cpuSeconds: round3(c.cpuSeconds),
  });
  return sealed(head, { values: valueLines(c.values, c.details) });
}

/**
 * Read a sealed result or checkpoint: one line naming the file and what is wrong, as an InputError. Numbers past
 * 2^53 are read exactly. A file laid out as sealed() writes it (every file this program writes) is read by
 * sections: its head by JSON.parse (a head holds no number past 2^53) and its lists a line at a time (valuesOf),
 * several times faster than fromJson over the whole text (the merge reads every shard's result: docs/sharding.md,
 * "Overhead"); any other layout by fromJson.
 */
function readSealed(path: string, format: string, what: string): Record<string, unknown> {
  const text = sealedText(path, format, what);
  const fail = (why: string): never => {
    throw new InputError(`${what} ${path}: ${why}`);
  };
  const laidOut = sections(text);
  if (laidOut !== null) {
    const o: Record<string, unknown> = laidOut.head;
    for (const [key, lines] of laidOut.lists) o[key] = { lines, fail } satisfies ListLines;
    return o;
  }
  try {
    const v: unknown = fromJson(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not a JSON object');
    return v as Record<string, unknown>;
  } catch (e) {
    return fail(`corrupt (${(e as Error).message})`);
  }
}

/**
 * The checkpoints of one-machine runs before they took the shard checkpoint's format (issue 36: one format): a
 * column-set count's, a DLX run's, a variant count's. Refused by name, saying how to start afresh.
 */
const RETIRED_CHECKPOINTS =
  /^\{\s*"format":\s*"(sudoku-count\/(?:colsets-checkpoint|dlx-checkpoint@\d+|variant-checkpoint@\d+))"(?:,\s*"version":\s*(\d+))?/;

/** A list of a sealed file read by sections: its entries, one line each, still text. */
interface ListLines {
  readonly lines: readonly string[];
  readonly fail: (why: string) => never;
}

const isListLines = (v: unknown): v is ListLines =>
  typeof v === 'object' && v !== null && Array.isArray((v as Partial<ListLines>).lines);

/**
 * The text of a sealed file of `format`, its tag, version and checksum checked. The checksum is taken over the
 * file's bytes (the UTF-8 text sealed() hashed), so the text is not encoded again to check it.
 */
function sealedText(path: string, format: string, what: string): string {
  const fail = (why: string): never => {
    throw new InputError(`${what} ${path}: ${why}`);
  };
  // a plan kept gzipped (a variant's plan lists every class: 1.8 MB for 9×9 anti-king, 0.5 MB gzipped)
  const bytes = readBounded(path, { what, maxBytes: READ_LIMITS.shardFile, gzip: true });
  const head = bytes.subarray(0, 200).toString('utf8');
  const retired = format === CHECKPOINT_FORMAT ? RETIRED_CHECKPOINTS.exec(head) : null;
  if (retired)
    throw new InputError(
      `${what} ${path} is a ${retired[1]} file${retired[2] ? ` (version ${retired[2]})` : ''}, which this version ` +
        'does not resume (it ' +
        `reads ${CHECKPOINT_FORMAT}, version ${SHARD_FORMAT_VERSION}): remove it, or choose another file, and start ` +
        'afresh with --checkpoint',
    );
  const tag = /^\{"format":"([^"]*)","version":(\d+)/.exec(head);
  if (!tag) fail(`not a ${format} file`);
  if (tag![1] !== format) fail(`a ${tag![1]} file, not a ${format} file`);
  if (Number(tag![2]) !== SHARD_FORMAT_VERSION)
    fail(`version ${tag![2]}; this program reads version ${SHARD_FORMAT_VERSION} (count it again with this version)`);
  checkSeal(bytes, fail);
  return bytes.toString('utf8');
}

function field<T>(o: Record<string, unknown>, key: string, ok: (v: unknown) => boolean, fail: (w: string) => never): T {
  const v = o[key];
  if (!ok(v)) fail(`"${key}" is missing or malformed`);
  return v as T;
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown) => typeof v === 'string' && v.length > 0;
const isSeconds = (v: unknown) => typeof v === 'number' && v >= 0;
const isHex16 = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{16}$/.test(v);
const isFacts = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'number');

/**
 * A line of "values" as sealed() writes it: [unit,value] or [unit,value,detail,…], whole numbers (a value may pass
 * 2^53).
 */
const VALUE_LINE = /^\s*\[(0|[1-9]\d{0,14}),(0|[1-9]\d*)((?:,(?:0|[1-9]\d*))*)\]$/;

/** The values of a sealed file, by unit, and the details of the units that carry some. */
interface UnitValues {
  readonly values: Map<number, bigint>;
  readonly details: Map<number, bigint[]>;
}

function valuesOf(list: unknown, units: number, fail: (w: string) => never): UnitValues {
  const out: UnitValues = { values: new Map(), details: new Map() };
  const whole = (v: unknown) =>
    typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : null;
  const add = (id: unknown, v: unknown, details: readonly unknown[] = []) => {
    if (!isCount(id) || (id as number) >= units) fail(`unit ${String(id)} is not one of the ${units} units`);
    const value = whole(v);
    if (value === null || value < 0n) fail(`the value of unit ${String(id)} is not a whole number`);
    if (out.values.has(id as number)) fail(`unit ${String(id)} appears twice`);
    out.values.set(id as number, value);
    if (details.length === 0) return;
    const more = details.map(whole);
    if (more.some((d) => d === null || d < 0n)) fail(`a detail of unit ${String(id)} is not a whole number`);
    out.details.set(id as number, more as bigint[]);
  };
  const entryOf = (entry: unknown) => {
    if (!Array.isArray(entry) || entry.length < 2) fail('an entry of "values" is not [unit, value]');
    const [id, v, ...details] = entry as unknown[];
    add(id, v, details);
  };
  if (isListLines(list)) {
    // read by sections (readSealed): a line as sealed() writes it by a regular expression, any other by fromJson
    for (const line of list.lines) {
      const m = VALUE_LINE.exec(line);
      if (m) add(Number(m[1]), BigInt(m[2]), m[3] === '' ? [] : m[3].slice(1).split(',').map(BigInt));
      else {
        let entry: unknown;
        try {
          entry = fromJson(line);
        } catch (e) {
          list.fail(`corrupt (${(e as Error).message})`);
        }
        entryOf(entry);
      }
    }
    return out;
  }
  if (!Array.isArray(list)) fail('"values" is not a list');
  for (const entry of list as unknown[]) entryOf(entry);
  return out;
}

/** The values of a sealed file, with its details when some unit carries them (ShardValues). */
function unitValues(list: unknown, units: number, fail: (w: string) => never): Pick<ShardValues, 'values' | 'details'> {
  const { values, details } = valuesOf(list, units, fail);
  return details.size > 0 ? { values, details } : { values };
}

/** What readPlan reads besides the head, shard lists, combine table and class list. */
export interface ReadPlanOptions {
  /** The units' payload (default true; the merge does not need it: payload is then null). */
  readonly payload?: boolean;
}

export function readPlan(path: string, options: ReadPlanOptions = {}): ShardPlan {
  const { head, fail, rowsOf, classList } = planParts(path);
  const assignment = planAssignment(rowsOf('assignment'), head, fail);
  const payload = options.payload === false ? null : rowsOf('payload', head.units);
  const combine = rowsOf('combine', head.classes);
  if (combine === null && head.units !== head.classes)
    fail(`${head.units} units for ${head.classes} classes, and no "combine"`);
  for (const x of combine ?? []) {
    if (x.length % 2 !== 0) fail('an entry of "combine" is malformed');
    for (let i = 0; i < x.length; i += 2) if (x[i] >= head.units) fail('an entry of "combine" is malformed');
  }
  return { ...head, assignment, payload, combine, classList: classList() };
}

/**
 * Shard `shard(head)` of the plan at `path` (`shard` checks the head and picks the index): what the shard needs,
 * read without parsing the rest. A plan is written one list entry a line (sealed()), so its text is cut into lines
 * and only the entries the shard needs are parsed: a shard of 5×2 in 16 reads 1/16 of the payload and none of the
 * combine table (1 MB of the 1.6 MB plan; docs/sharding.md, "Overhead").
 */
export function readShardPlan(path: string, shard: (head: ShardPlanHead) => number): ShardPlanSlice {
  return readShardPlans(path, (head) => [shard(head)])[0];
}

/**
 * What several shards of one process need of a plan (`--shard 0-15`, `--pack K`): read and checked once, a slice per
 * shard (in the order `shards` gives them), each with the payload of its own units.
 */
export function readShardPlans(path: string, shards: (head: ShardPlanHead) => readonly number[]): ShardPlanSlice[] {
  const { head, fail, linesOf, rowsOf, classList } = planParts(path);
  const indices = shards(head);
  const assignment = planAssignment(rowsOf('assignment'), head, fail);
  const payloadLines = linesOf('payload', head.units);
  const combined = linesOf('combine', head.classes) !== undefined;
  if (!combined && head.units !== head.classes)
    fail(`${head.units} units for ${head.classes} classes, and no "combine"`);
  const list = classList();
  return indices.map((index) => ({
    ...head,
    shard: index,
    assignment,
    payload:
      payloadLines === undefined
        ? null
        : new Map(assignment[index].map((u) => [u, entryOf(payloadLines[u], 'payload', fail)])),
    combined,
    classList: list,
  }));
}

/**
 * A plan's head, checked, and its lists as text (sections), each parsed only when asked for: `linesOf` gives a
 * list's lines (checking its length when given), `rowsOf` its entries (null when the plan has no such list).
 */
function planParts(path: string) {
  const fail = (why: string): never => {
    throw new InputError(`plan ${path}: ${why}`);
  };
  const laidOut = sections(sealedText(path, PLAN_FORMAT, 'plan'));
  if (laidOut === null) return fail('corrupt: not laid out as this program writes plans');
  const { head: o, lists } = laidOut;
  const head = planHead(o, fail);
  const linesOf = (key: string, length?: number): readonly string[] | undefined => {
    const v = lists.get(key);
    if (v !== undefined && length !== undefined && v.length !== length) fail(`"${key}" is not a list of ${length}`);
    return v;
  };
  const rowsOf = (key: string, length?: number): number[][] | null =>
    linesOf(key, length)?.map((line) => entryOf(line, key, fail)) ?? null;
  /** The class list a plan carries (null in a plan written before plans carried it). */
  const classList = (): ClassListData | null => {
    const rows = rowsOf('classRows', head.classes);
    const facts = o['classFacts'];
    if ((rows === null) !== (facts === undefined) || (facts !== undefined && !isFacts(facts)))
      fail('"classFacts" and "classRows" are malformed');
    return rows === null ? null : { facts: facts as ShardFacts, rows };
  };
  return { head, fail, linesOf, rowsOf, classList };
}

/**
 * A sealed file's text cut into its head (the first line, a JSON object once its first list is cut off) and its
 * lists, each entry still text; null when the text is not laid out as sealed() writes it. sealed() writes a list as
 * `"key":[` and a line per entry, joined by `,\n`, then `\n]`: the lists are found by searching for their ends and
 * cut by the native split, so a list a reader does not need costs a scan, not a loop over its lines (a shard's
 * start-up is part of its cost: docs/sharding.md, "Overhead").
 */
function sections(text: string): { head: Record<string, unknown>; lists: Map<string, string[]> } | null {
  const opens = /,"(\w+)":\[$/;
  let end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  let open = opens.exec(first);
  if (!open) return null;
  let head: unknown;
  try {
    head = JSON.parse(`${first.slice(0, open.index)}}`);
  } catch {
    return null;
  }
  if (typeof head !== 'object' || head === null || Array.isArray(head)) return null;
  const lists = new Map<string, string[]>();
  while (open) {
    const close = text.indexOf('\n]', end);
    if (close < 0) return null;
    const body = text.slice(end + 1, close);
    lists.set(open[1], body === '' ? [] : body.split(',\n'));
    end = text.indexOf('\n', close + 1);
    open = opens.exec(end < 0 ? text.slice(close + 1) : text.slice(close + 1, end));
  }
  return { head: head as Record<string, unknown>, lists };
}

/** A list of whole numbers as sealed() writes it, each below 10^15 (safe in a double): JSON.parse needs no check. */
const NUMBERS_LINE = /^\s*\[(?:(?:0|[1-9]\d{0,14})(?:,(?:0|[1-9]\d{0,14}))*)?\]$/;

/** One list entry of a plan: a list of whole numbers. */
function entryOf(line: string, key: string, fail: (why: string) => never): number[] {
  // the regular expression runs natively; the check by element it spares was most of a shard's plan read
  if (NUMBERS_LINE.test(line)) return JSON.parse(line) as number[];
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    fail(`an entry of "${key}" is malformed`);
  }
  if (!Array.isArray(v) || !v.every((y) => isCount(y))) fail(`an entry of "${key}" is malformed`);
  return v as number[];
}

function planHead(o: Record<string, unknown>, fail: (why: string) => never): ShardPlanHead {
  const shards = field<number>(o, 'shards', (v) => isCount(v) && (v as number) >= 1, fail);
  const e = field<Record<string, unknown>>(o, 'estimate', (v) => typeof v === 'object' && v !== null, fail);
  const shardSeconds = e['shardSeconds'];
  if (!Array.isArray(shardSeconds) || shardSeconds.length !== shards || !shardSeconds.every(isSeconds))
    fail('"estimate.shardSeconds" is malformed');
  const method = field<string>(o, 'method', isText, fail),
    box = field<string>(o, 'box', isText, fail);
  return {
    id: field<string>(o, 'id', isHex16, fail),
    method,
    box,
    spec: planSpec(o['rules'], method, box, fail),
    classes: field<number>(o, 'classes', isCount, fail),
    digest: field<string>(o, 'digest', isText, fail),
    units: field<number>(o, 'units', isCount, fail),
    scale: field<number>(o, 'scale', (v) => isCount(v) && (v as number) >= 1, fail),
    shards,
    estimate: {
      sampled: field<number>(e, 'sampled', isCount, fail),
      sampleSeconds: field<number>(e, 'sampleSeconds', isSeconds, fail),
      setupSeconds: field<number>(e, 'setupSeconds', isSeconds, fail),
      unitSeconds: field<number>(e, 'unitSeconds', isSeconds, fail),
      shardSeconds: shardSeconds as number[],
      memoryMB: field<number>(e, 'memoryMB', isCount, fail),
    },
  };
}

/** A plan's count: its "rules" (which must name its "box"), or, in a plan written before them, read from the names. */
function planSpec(rules: unknown, method: string, box: string, fail: (why: string) => never): CountSpec {
  if (rules === undefined) {
    try {
      return countSpecOf(method, box);
    } catch (e) {
      if (e instanceof InputError) fail(e.message);
      throw e;
    }
  }
  if (!isCountRules(rules)) fail('"rules" is malformed');
  if (!(CLASS_SUM_METHODS as readonly string[]).includes(method)) fail(`method '${method}' is not a class-sum count`);
  const spec: CountSpec = { route: method as ClassSumMethod, rules: rules };
  if (countSpecName(spec) !== box) fail(`"rules" name ${countSpecName(spec)}, not the plan's count ${box}`);
  return spec;
}

/** The plan's shard lists, checked: every unit in exactly one shard. */
function planAssignment(v: unknown, head: ShardPlanHead, fail: (why: string) => never): number[][] {
  const { units, shards } = head;
  if (!Array.isArray(v)) fail('"assignment" is missing or malformed');
  const assignment = v as number[][];
  if (assignment.length !== shards) fail(`${assignment.length} shard lists for ${shards} shards`);
  const seen = new Uint8Array(units);
  for (const ids of assignment) {
    if (!Array.isArray(ids)) fail('a shard list is not a list');
    for (const id of ids) {
      if (!isCount(id) || id >= units || seen[id]) fail(`unit ${String(id)} is out of range or in two shards`);
      seen[id] = 1;
    }
  }
  if (seen.includes(0)) fail(`unit ${seen.indexOf(0)} is in no shard`);
  return assignment;
}

export function readResult(path: string): ShardResult {
  const o = readSealed(path, RESULT_FORMAT, 'shard result');
  const fail = (why: string): never => {
    throw new InputError(`shard result ${path}: ${why}`);
  };
  const classes = field<number>(o, 'classes', isCount, fail);
  const units = field<number>(o, 'units', isCount, fail);
  const shards = field<number>(o, 'shards', (v) => isCount(v) && (v as number) >= 1, fail);
  return {
    plan: field<string>(o, 'plan', isHex16, fail),
    method: field<string>(o, 'method', isText, fail),
    box: field<string>(o, 'box', isText, fail),
    classes,
    digest: field<string>(o, 'digest', isText, fail),
    units,
    combined: field<boolean>(o, 'combined', (v) => typeof v === 'boolean', fail),
    shards,
    shard: field<number>(o, 'shard', (v) => isCount(v) && (v as number) < shards, fail),
    facts: field<ShardFacts>(o, 'facts', isFacts, fail),
    seconds: field<number>(o, 'seconds', isSeconds, fail),
    cpuSeconds: field<number>(o, 'cpuSeconds', isSeconds, fail),
    ...unitValues(o['values'], units, fail),
  };
}

/** A checkpoint's run: its tag, and the count a one-machine run's names (ShardValues.count). */
export type CheckpointHead = Pick<ShardValues, 'plan' | 'shard' | 'count'>;

function checkpointHead(o: Record<string, unknown>, fail: (why: string) => never): CheckpointHead {
  const count =
    o['method'] !== undefined || o['box'] !== undefined
      ? {
          method: field<string>(o, 'method', isText, fail),
          box: field<string>(o, 'box', isText, fail),
          ...(o['level'] !== undefined ? { level: field<string>(o, 'level', isText, fail) } : {}),
        }
      : null;
  return {
    plan: field<string>(o, 'plan', isHex16, fail),
    shard: field<number>(o, 'shard', isCount, fail),
    ...(count ? { count } : {}),
  };
}

/** The run a checkpoint is of (the file read and its seal checked), before the count is made to read its values. */
export function readCheckpointHead(path: string, what = 'shard checkpoint'): CheckpointHead {
  return checkpointHead(readSealed(path, CHECKPOINT_FORMAT, what), (why: string): never => {
    throw new InputError(`${what} ${path}: ${why}`);
  });
}

/** `what`: how messages name the file ("shard checkpoint"; a one-machine run's: "checkpoint"). */
export function readCheckpoint(path: string, units: number, what = 'shard checkpoint'): ShardValues {
  const o = readSealed(path, CHECKPOINT_FORMAT, what);
  const fail = (why: string): never => {
    throw new InputError(`${what} ${path}: ${why}`);
  };
  return {
    ...checkpointHead(o, fail),
    facts: field<ShardFacts>(o, 'facts', isFacts, fail),
    seconds: field<number>(o, 'seconds', isSeconds, fail),
    cpuSeconds: field<number>(o, 'cpuSeconds', isSeconds, fail),
    ...unitValues(o['values'], units, fail),
  };
}
