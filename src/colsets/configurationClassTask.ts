/**
 * The task module of the configuration classes on threads (src/parallel/taskPool.ts):
 *
 *   classPart({ rows, cols, depth, parts, part }) → ConfigurationClassPart   one share of the orderly search
 *
 * A share rebuilds the search's small tables and walks the lists above `depth` again (a few thousand tests), then
 * follows its own canonical lists of `depth` words down; see bandConfigurationClasses, ConfigurationSplit.
 */
import { configurationClassPart, type ConfigurationClassPart } from './bandConfigurationClasses.js';

export interface ClassPartInput {
  readonly rows: number;
  readonly cols: number;
  readonly depth: number;
  readonly parts: number;
  readonly part: number;
}

export function classPart(input: ClassPartInput): ConfigurationClassPart {
  return configurationClassPart(input.rows, input.cols, input);
}
