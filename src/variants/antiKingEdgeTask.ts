/**
 * The anti-king edge-table route's task module for the worker pool (src/parallel/taskPool.ts), R×3 boxes
 * (docs/variant-counts.md, "9×9 anti-king: the edge table"):
 *
 *   middleBands({ R, spec })  → { bands, weights, all, parts, groupOrder, fullGroupOrder }   the middle-band
 *                               classes, M, and |G_V| (seconds of work, kept off the main thread for Ctrl-C)
 *   fillEdgeShare({ R, table, share, shares })  → { bands, max }   one share of U into the shared table
 *   joinMiddleBands({ R, table, bands })         → Float64Array     n(B) of each middle band (R·n digits each)
 *
 * `table` is a SharedArrayBuffer holding U as 16-bit entries (M^R of them): the shares fill disjoint entries, then
 * every thread reads it. A thread keeps the layout of the last R it saw.
 */
import { rulesFromSpec, type RulesSpec } from '../grid/rules.js';
import { antiKingEdgeLayout } from './antiKingEdgeLayout.js';
import { variantGroup } from './variantGroup.js';
import { fillAntiKingEdgeTable } from './antiKingEdgeTable.js';
import { antiKingMiddleJoin } from './antiKingMiddleJoin.js';
import { antiKingMiddleBands, type AntiKingMiddleBands } from './antiKingMiddleBands.js';

export interface MiddleBandsOutput extends AntiKingMiddleBands {
  readonly parts: number;
  readonly groupOrder: number;
  readonly fullGroupOrder: bigint;
}

/** The middle-band classes (src/variants/antiKingMiddleBands.ts), M and the variant's group order (~1–2 s on 9×9). */
export function middleBands(input: { readonly R: number; readonly spec: RulesSpec }): MiddleBandsOutput {
  return { ...antiKingMiddleBands(input.R), ...middleBandFacts(input) };
}

/** M and the variant's group order alone, for a caller that holds the middle-band classes already. */
export function middleBandFacts(input: {
  readonly R: number;
  readonly spec: RulesSpec;
}): Omit<MiddleBandsOutput, keyof AntiKingMiddleBands> {
  const group = variantGroup(rulesFromSpec(input.spec));
  return { parts: antiKingEdgeLayout(input.R).M, groupOrder: group.order, fullGroupOrder: group.fullOrder };
}

export interface FillEdgeShareInput {
  readonly R: number;
  readonly table: SharedArrayBuffer;
  readonly share: number;
  readonly shares: number;
}

export function fillEdgeShare(input: FillEdgeShareInput): { readonly bands: number; readonly max: number } {
  return fillAntiKingEdgeTable(antiKingEdgeLayout(input.R), new Uint16Array(input.table), input.share, input.shares);
}

export interface JoinMiddleBandsInput {
  readonly R: number;
  readonly table: SharedArrayBuffer;
  /** Middle bands, R·3R digits each (row 0 = 1..n), back to back. */
  readonly bands: Uint8Array;
}

export function joinMiddleBands(input: JoinMiddleBandsInput): Float64Array {
  const layout = antiKingEdgeLayout(input.R);
  const table = new Uint16Array(input.table);
  const L = input.R * layout.n;
  const out = new Float64Array(input.bands.length / L);
  for (let i = 0; i < out.length; i++)
    out[i] = antiKingMiddleJoin(layout, table, input.bands.subarray(i * L, (i + 1) * L));
  return out;
}
