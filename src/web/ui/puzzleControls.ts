/**
 * What the Puzzles and Play pages share: the shapes and variants they offer, the variants' check boxes, and the
 * step-by-step section's parts (the same ids on both pages).
 */
import { VARIANTS as ALL_VARIANTS } from '../../grid/rules.js';
import { element } from './page.js';
import type { StepViewerParts } from './stepViewer.js';

export const SHAPES = ['2x2', '2x3', '3x2', '2x4', '4x2', '3x3', '3x4', '4x3', '4x4'];
/** The variants that need no regions (a jigsaw's regions are typed on the Play page, or a file on the command line). */
export const VARIANTS: readonly string[] = ALL_VARIANTS.filter((v) => v !== 'jigsaw');

/** Fill the box-shape select and the variants' fieldset with their choices, `chosen` checked. */
export function fillPuzzleControls(box: HTMLSelectElement, variants: HTMLFieldSetElement, chosen: string[]): void {
  for (const s of SHAPES) box.add(new Option(`${s.replace('x', '×')} boxes`, s));
  for (const v of VARIANTS) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.value = v;
    input.name = 'variant';
    input.checked = chosen.includes(v);
    label.append(input, ` ${v}`);
    variants.append(label);
  }
}

/** The checked variants, joined by commas ('' for none). */
export function chosenVariants(variants: HTMLFieldSetElement): string {
  return [...variants.querySelectorAll('input')]
    .filter((i) => i.checked)
    .map((i) => i.value)
    .join(',');
}

/** The step-by-step section (#solver) of the page. */
export function stepParts(): StepViewerParts {
  return {
    host: element('solver-grid'),
    list: element<HTMLOListElement>('steps'),
    back: element<HTMLButtonElement>('back'),
    next: element<HTMLButtonElement>('next'),
    all: element<HTMLButtonElement>('all'),
    stop: element('solver-stop'),
    state: element('solver'),
  };
}
