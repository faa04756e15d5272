import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../grid/shape.js';
import { fromJson } from './fromJson.js';
import type { OutputOptions } from './outputFile.js';

/**
 * The files of a sharded count (src/shards/): a plan, the result of each shard, and a shard's checkpoint. Each is
 * one JSON object, tagged and versioned, whose last key is the SHA-256 of everything before it:
 *
 *   {"format":"sudoku-count/shard-result","version":1, … ,"sha256":"<64 hex digits of the text before ,"sha256">"}
 *
 * so a file cut short, edited or damaged on the way back from a cluster is refused by name, never merged. Lists
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
 * (src/shards/classSum.ts says what the numbers are for each method). Plans written before it existed lack it, and
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
  /** Wall seconds spent counting, summed over sessions. */
  readonly seconds: number;
  /** CPU seconds (every thread), summed over sessions. */
  readonly cpuSeconds: number;
  readonly facts: ShardFacts;
  /** Value of each unit counted, by id. */
  readonly values: ReadonlyMap<number, bigint>;
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

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `head` (a JSON object's text, without its closing brace) with the checksum key appended. */
function sealed(head: string, lists: Readonly<Record<string, readonly string[]>>): string {
  let body = head.slice(0, -1);
  for (const [key, lines] of Object.entries(lists)) body += `,"${key}":[\n${lines.map((l) => `  ${l}`).join(',\n')}\n]`;
  return `${body},"sha256":"${sha256(body)}"}\n`;
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;

const valueLines = (values: ReadonlyMap<number, bigint>): string[] =>
  [...values].sort((a, b) => a[0] - b[0]).map(([id, v]) => `[${id},${v}]`);

/**
 * A file's head as JSON. Heads hold no BigInt (names, whole numbers, seconds), so JSON.stringify writes them as
 * the library's toJson would, without loading json-bigint (~8 ms of every shard's start-up).
 */
const headJson = (head: Record<string, unknown>): string => JSON.stringify(head);

export function planText(plan: Omit<ShardPlan, 'id'>): { text: string; id: string } {
  const headOf = (id: string) =>
    headJson({
      format: PLAN_FORMAT,
      version: SHARD_FORMAT_VERSION,
      id,
      method: plan.method,
      box: plan.box,
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
  // the id is the checksum of the plan written without it
  const id = sha256(sealed(headOf(''), lists)).slice(0, 16);
  return { text: sealed(headOf(id), lists), id };
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
  return sealed(head, { values: valueLines(r.values) });
}

export function checkpointText(c: ShardValues): string {
  const head = headJson({
    format: CHECKPOINT_FORMAT,
    version: SHARD_FORMAT_VERSION,
    plan: c.plan,
    shard: c.shard,
    facts: c.facts,
    seconds: round3(c.seconds),
    cpuSeconds: round3(c.cpuSeconds),
  });
  return sealed(head, { values: valueLines(c.values) });
}

/**
 * Read a sealed file of `format`: one line naming the file and what is wrong, as an InputError. `exact`: numbers
 * past 2^53 are read exactly (results); a plan holds none, and is read by the much faster JSON.parse.
 */
function readSealed(path: string, format: string, what: string, exact = true): Record<string, unknown> {
  const text = sealedText(path, format, what);
  try {
    const v: unknown = exact ? fromJson(text) : JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not a JSON object');
    return v as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`${what} ${path}: corrupt (${(e as Error).message})`);
  }
}

/** The text of a sealed file of `format`, its tag, version and checksum checked. */
function sealedText(path: string, format: string, what: string): string {
  const fail = (why: string): never => {
    throw new InputError(`${what} ${path}: ${why}`);
  };
  let text = '';
  try {
    if (!lstatSync(path).isFile() && !lstatSync(path).isSymbolicLink()) fail('not a regular file');
    // a plan kept gzipped (a variant's plan lists every class: 1.8 MB for 9×9 anti-king, 0.5 MB gzipped)
    text = path.endsWith('.gz') ? gunzipSync(readFileSync(path)).toString('utf8') : readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    fail(
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code?.startsWith('Z_')
            ? `corrupt: not gzip data (${(e as Error).message})`
            : (e as Error).message,
    );
  }
  const tag = /^\{"format":"([^"]*)","version":(\d+)/.exec(text);
  if (!tag) fail(`not a ${format} file`);
  if (tag![1] !== format) fail(`a ${tag![1]} file, not a ${format} file`);
  if (Number(tag![2]) !== SHARD_FORMAT_VERSION)
    fail(`version ${tag![2]}; this program reads version ${SHARD_FORMAT_VERSION} (count it again with this version)`);
  const at = text.lastIndexOf(',"sha256":"');
  const sum = at < 0 ? null : /^,"sha256":"([0-9a-f]{64})"\}\n?$/.exec(text.slice(at));
  if (!sum) fail('corrupt: cut short or damaged (no checksum at its end)');
  if (sha256(text.slice(0, at)) !== sum![1]) fail('corrupt: its checksum does not match its content');
  return text;
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

function valuesOf(list: unknown, units: number, fail: (w: string) => never): Map<number, bigint> {
  if (!Array.isArray(list)) fail('"values" is not a list');
  const out = new Map<number, bigint>();
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) fail('an entry of "values" is not [unit, value]');
    const [id, v] = entry as unknown[];
    if (!isCount(id) || (id as number) >= units) fail(`unit ${String(id)} is not one of the ${units} units`);
    const value = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : null;
    if (value === null || value < 0n) fail(`the value of unit ${String(id)} is not a whole number`);
    if (out.has(id as number)) fail(`unit ${String(id)} appears twice`);
    out.set(id as number, value);
  }
  return out;
}

export function readPlan(path: string): ShardPlan {
  const o = readSealed(path, PLAN_FORMAT, 'plan', false);
  const fail = (why: string): never => {
    throw new InputError(`plan ${path}: ${why}`);
  };
  const head = planHead(o, fail);
  const assignment = planAssignment(o['assignment'], head, fail);
  const list = (key: string, length: number, ok: (x: number[]) => boolean) => listOf(o[key], key, length, ok, fail);
  const payload = list('payload', head.units, () => true);
  const combine = list('combine', head.classes, combineOk(head.units));
  if (combine === null && head.units !== head.classes)
    fail(`${head.units} units for ${head.classes} classes, and no "combine"`);
  return { ...head, assignment, payload, combine, classList: planClassList(o, head, fail) };
}

/**
 * Shard `shard(head)` of the plan at `path` (`shard` checks the head and picks the index): what the shard needs,
 * read without parsing the rest. A plan is written one list entry a line (sealed()), so its text is cut into lines
 * and only the entries the shard needs are parsed: a shard of 5×2 in 16 reads 1/16 of the payload and none of the
 * combine table (1 MB of the 1.6 MB plan; docs/sharding.md, "Overhead").
 */
export function readShardPlan(path: string, shard: (head: ShardPlanHead) => number): ShardPlanSlice {
  const fail = (why: string): never => {
    throw new InputError(`plan ${path}: ${why}`);
  };
  const { head: o, lists } = planSections(sealedText(path, PLAN_FORMAT, 'plan'), fail);
  const head = planHead(o, fail);
  const index = shard(head);
  const parsed = (key: string) => lists.get(key)?.map((line) => entryOf(line, key, fail));
  const assignment = planAssignment(parsed('assignment'), head, fail);
  const entries = (key: string, length: number) => {
    const v = lists.get(key);
    if (v !== undefined && v.length !== length) fail(`"${key}" is not a list of ${length}`);
    return v;
  };
  const payloadLines = entries('payload', head.units);
  const payload =
    payloadLines === undefined
      ? null
      : new Map(assignment[index].map((u) => [u, entryOf(payloadLines[u], 'payload', fail)]));
  const combined = entries('combine', head.classes) !== undefined;
  if (!combined && head.units !== head.classes)
    fail(`${head.units} units for ${head.classes} classes, and no "combine"`);
  const rows = parsed('classRows');
  return {
    ...head,
    shard: index,
    assignment,
    payload,
    combined,
    classList: planClassList({ ...o, classRows: rows }, head, fail),
  };
}

/**
 * A plan's text cut into its head (the first line, a JSON object once its first list is cut off) and its lists,
 * each entry still text. sealed() writes a list as `"key":[` and a line per entry, joined by `,\n`, then `\n]`: the
 * lists are found by searching for their ends and cut by the native split, so a list a shard does not read costs a
 * scan, not a loop over its lines (a shard's start-up is part of its cost: docs/sharding.md, "Overhead").
 */
function planSections(text: string, fail: (why: string) => never) {
  const opens = /,"(\w+)":\[$/;
  let end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  let open = opens.exec(first);
  if (!open) fail('corrupt: not laid out as this program writes plans');
  let head: Record<string, unknown> = {};
  try {
    head = JSON.parse(`${first.slice(0, open.index)}}`) as Record<string, unknown>;
  } catch (e) {
    fail(`corrupt (${(e as Error).message})`);
  }
  const lists = new Map<string, string[]>();
  while (open) {
    const close = text.indexOf('\n]', end);
    if (close < 0) fail('corrupt: a list is not closed');
    const body = text.slice(end + 1, close);
    lists.set(open[1], body === '' ? [] : body.split(',\n'));
    end = text.indexOf('\n', close + 1);
    open = opens.exec(end < 0 ? text.slice(close + 1) : text.slice(close + 1, end));
  }
  return { head, lists };
}

/** One list entry of a plan: a list of whole numbers. */
function entryOf(line: string, key: string, fail: (why: string) => never): number[] {
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
  return {
    id: field<string>(o, 'id', isHex16, fail),
    method: field<string>(o, 'method', isText, fail),
    box: field<string>(o, 'box', isText, fail),
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

function listOf(
  v: unknown,
  key: string,
  length: number,
  ok: (x: number[]) => boolean,
  fail: (why: string) => never,
): number[][] | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.length !== length) fail(`"${key}" is not a list of ${length}`);
  for (const x of v as unknown[])
    if (!Array.isArray(x) || !x.every((y) => isCount(y)) || !ok(x as number[]))
      fail(`an entry of "${key}" is malformed`);
  return v as number[][];
}

const combineOk = (units: number) => (x: number[]) => x.length % 2 === 0 && x.every((y, i) => i % 2 === 1 || y < units);

/** The class list a plan carries (null in a plan written before plans carried it). */
function planClassList(
  o: Record<string, unknown>,
  head: ShardPlanHead,
  fail: (why: string) => never,
): ClassListData | null {
  const classRows = listOf(o['classRows'], 'classRows', head.classes, () => true, fail);
  const classFacts = o['classFacts'];
  if ((classRows === null) !== (classFacts === undefined) || (classFacts !== undefined && !isFacts(classFacts)))
    fail('"classFacts" and "classRows" are malformed');
  return classRows === null ? null : { facts: classFacts as ShardFacts, rows: classRows };
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
    values: valuesOf(o['values'], units, fail),
  };
}

export function readCheckpoint(path: string, units: number): ShardValues {
  const o = readSealed(path, CHECKPOINT_FORMAT, 'shard checkpoint');
  const fail = (why: string): never => {
    throw new InputError(`shard checkpoint ${path}: ${why}`);
  };
  return {
    plan: field<string>(o, 'plan', isHex16, fail),
    shard: field<number>(o, 'shard', isCount, fail),
    facts: field<ShardFacts>(o, 'facts', isFacts, fail),
    seconds: field<number>(o, 'seconds', isSeconds, fail),
    cpuSeconds: field<number>(o, 'cpuSeconds', isSeconds, fail),
    values: valuesOf(o['values'], units, fail),
  };
}
