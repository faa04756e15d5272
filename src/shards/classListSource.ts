import { columnSetClasses } from '../classSum/columnSetClassSum.js';
import { classListDigest } from '../colsets/countByColumnSets.js';
import type { ConfigurationClasses } from '../colsets/configurationClasses.js';
import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { columnSetRows, MAX_COLUMN_SET_ROWS } from '../colsets/columnSetSupport.js';
import { shownPath } from '../io/fileProblem.js';
import { readPlan, type ShardPlan } from '../io/shardFiles.js';
import { shippedPlanFile } from '../io/shippedPlan.js';

/** Where a class list came from, and the list. */
export interface ClassListSource {
  readonly classes: ConfigurationClasses;
  /** In words: "the class list of plan data/6x2/plan.json.gz (5361046af8329775)", "the classes listed now". */
  readonly from: string;
  readonly plan: (ShardPlan & { readonly path: string }) | null;
}

/**
 * The class list of R×2 boxes: the plan's (`planPath`, which must be a column-set plan of R×2 or 2×R carrying it),
 * else listed again by the orderly search where that is cheap (R ≤ MAX_COLUMN_SET_ROWS), else the plan the repository
 * ships (data/6x2/plan.json.gz), else refused: the search takes 15–40 minutes for R = 6.
 */
export function classListSource(R: number, planPath: string | undefined): ClassListSource {
  const shipped = planPath === undefined && R > MAX_COLUMN_SET_ROWS ? shippedPlanFile(R) : null;
  const path = planPath ?? shipped?.path;
  if (path === undefined) {
    if (R <= MAX_COLUMN_SET_ROWS) {
      const classes = columnSetClasses(R, null);
      return { classes, from: 'the classes listed now', plan: null };
    }
    throw new InputError(
      `the class list of ${R}x2 takes 15–40 minutes to find again: give the plan that carries it (--plan FILE)`,
    );
  }
  const shown = planPath !== undefined ? shownPath(planPath) : shipped!.shown;
  const plan = { ...readPlan(path, { payload: false }), path: shown };
  const planR = columnSetRows(boxShape(plan.spec.rules.rows, plan.spec.rules.cols));
  if (plan.method !== 'column-sets' || planR !== R)
    throw new InputError(`plan ${shown} is for the ${plan.box} count by ${plan.method}, not for ${R}x2 by column-sets`);
  if (plan.classList === null && R > MAX_COLUMN_SET_ROWS)
    throw new InputError(`plan ${shown} carries no class list (written by an older version)`);
  let classes: ConfigurationClasses;
  try {
    classes = columnSetClasses(R, plan.classList);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`plan ${shown}: ${e.message}`);
    throw e;
  }
  const digest = classListDigest(classes);
  if (classes.count !== plan.classes || digest !== plan.digest)
    throw new InputError(
      `plan ${shown} names ${plan.classes} classes with digest ${plan.digest}; its class list has ` +
        `${classes.count} with digest ${digest} (the plan was edited)`,
    );
  return { classes, from: `the class list of plan ${shown} (${plan.id})`, plan };
}

/** The shape a certificate names: --box (R×2 or 2×R of the plan's R), else the plan's. */
export function certificateShape(box: BoxShape | undefined, R: number): BoxShape {
  if (box === undefined) return boxShape(R, 2);
  if (columnSetRows(box) !== R)
    throw new InputError(`--box ${box.name}: the plan counts ${R}x2 (or 2x${R}, the same count transposed)`);
  return box;
}
