import { isVariantName, type Rules, type RulesSpec } from './rules.js';
import { boxShape, InputError, parseBoxShape } from './shape.js';
import { resolveRules } from './support.js';

/**
 * What a class-sum count is of, typed: its route and its rules (src/classSum/classSum.ts). A plan stores it (its
 * head's "rules", the route its "method"); the names that files carry as text (a shard result's "box", a plan written
 * before plans carried "rules", a variant table's rules name) are read into one here, and nowhere else.
 */
export type ClassSumMethod = 'bands' | 'column-sets' | 'variant' | 'burnside';

export const CLASS_SUM_METHODS: readonly ClassSumMethod[] = ['bands', 'column-sets', 'variant', 'burnside'];

export interface CountSpec {
  readonly route: ClassSumMethod;
  /** The shape, and for the route 'variant' the variants (no jigsaw: its regions are a file a plan does not carry). */
  readonly rules: RulesSpec;
}

/** The count's name as files write it: the shape ("2x5") for the band and column-set methods, else the rules'. */
export function countSpecName(spec: CountSpec): string {
  return [`${spec.rules.rows}x${spec.rules.cols}`, ...spec.rules.variants].join('+');
}

/**
 * The count that a method and a name (`box`: "RxC", for 'variant' the rules' name "RxC+v+…") give, checked: the
 * shape must parse, a variant count must be one `count --variant` takes (InputError, one line, otherwise).
 */
export function countSpecOf(method: string, box: string): CountSpec {
  if (method === 'variant') return { route: 'variant', rules: variantShardRulesOf(box).spec };
  const shape = parseBoxShape(box);
  if (method !== 'bands' && method !== 'column-sets' && method !== 'burnside')
    throw new InputError(`method '${method}' is not a class-sum count (${CLASS_SUM_METHODS.join(', ')})`);
  return { route: method, rules: { rows: shape.rows, cols: shape.cols, variants: [] } };
}

/**
 * The rules of a sharded variant count: every variant `count --variant` takes on that shape, 9×9 ones whatever
 * their declared cost (src/variants/variantCountSupport.ts, method 'shards'), named canonically. A jigsaw is not
 * sharded: its regions are a file, not a name.
 */
export function variantShardRules(spec: RulesSpec): Rules {
  const name = countSpecName({ route: 'variant', rules: spec });
  shardVariants(name, spec.variants);
  return canonical(name, resolveRules('variant-count', boxShape(spec.rows, spec.cols), spec.variants, 'shards'));
}

/** The same from their name ("3x3+anti-king", as a shard result's "box" or a variant table holds it). */
export function variantShardRulesOf(name: string): Rules {
  const [box, ...variants] = name.split('+');
  shardVariants(name, variants);
  return canonical(name, resolveRules('variant-count', box, variants, 'shards'));
}

function shardVariants(name: string, variants: readonly string[]): void {
  if (variants.length === 0) throw new InputError(`'${name}' names no variant (a variant count is "RxC+variant")`);
  if (variants.some((v) => v.startsWith('jigsaw')))
    throw new InputError(`${name}: a jigsaw count is not sharded (its regions are a file the plan does not carry)`);
}

function canonical(name: string, rules: Rules): Rules {
  if (rules.name !== name)
    throw new InputError(`'${name}' is not the name of a variant count (it reads ${rules.name})`);
  return rules;
}

/** Whether `v` is a count's rules as a plan writes them (rows, cols, known variant names). */
export function isCountRules(v: unknown): v is RulesSpec {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const whole = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;
  return (
    whole(o['rows']) &&
    whole(o['cols']) &&
    Array.isArray(o['variants']) &&
    o['variants'].every((x) => typeof x === 'string' && isVariantName(x)) &&
    o['regions'] === undefined
  );
}
