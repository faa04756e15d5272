import type { ClassSumRunName } from '../classSum/classSum.js';
import { InputError } from '../grid/shape.js';
import { refuseThrough } from './outputFile.js';
import { readCheckpointHead } from './shardFiles.js';

/**
 * The count a --resume file holds (its head read and its seal checked: a file that is not a checkpoint, or is not
 * there, is refused by name); one line when it is not a count by `method`.
 */
export function checkpointCount(path: string, method: string): ClassSumRunName {
  refuseThrough(path, 'checkpoint');
  const held = readCheckpointHead(path, 'checkpoint').count;
  if (held?.method !== method)
    throw new InputError(
      `checkpoint ${path} is ` +
        (held ? `a count of ${held.box} by ${held.method}` : 'a shard checkpoint') +
        `, not of a count by ${method}`,
    );
  return held;
}
