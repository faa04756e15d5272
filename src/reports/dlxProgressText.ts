import type { BoxShape } from '../grid/shape.js';
import { grouped } from '../grid/grouped.js';
import type { ProgressEvent } from '../count/countGrids.js';

/** "3 min 20 s", "45 s". */
function duration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.round(s);
  if (t < 90) return `${t} s`;
  const m = Math.floor(t / 60);
  return m < 90 ? `${m} min ${t % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

const STAGE_TEXT: Record<ProgressEvent['stage'], string> = {
  bands: 'enumerating standard top bands',
  classes: 'collapsing bands into classes',
  columnSets: 'tabulating bands by column sets',
  completions: 'column-set sum per class (to check against)',
  dlx: 'DLX route: enumerating second bands',
};

/**
 * The progress of `count --counter dlx` in words, from the count's events: the stage, and in the DLX route the
 * classes done, the bands per second and the time left (null: nothing new to say).
 */
export function dlxProgressText(shape: BoxShape): (e: ProgressEvent) => string | null {
  const twoBands = shape.cols === 2;
  let dlxStart = 0;
  let firstDone: number | null = null;
  return (e: ProgressEvent): string | null => {
    if (e.phase === 'start') {
      if (e.stage === 'dlx') dlxStart = performance.now();
      return STAGE_TEXT[e.stage];
    } else if (e.phase === 'progress' && e.stage === 'dlx') {
      const done = e.done ?? 0;
      const total = e.total ?? 0;
      firstDone ??= done;
      const secs = (performance.now() - dlxStart) / 1000;
      const rate = secs > 0 ? ((e.middleBands ?? 0) / secs / 1e6).toFixed(1) : '…';
      const left = done > firstDone ? (secs / (done - firstDone)) * (total - done) : Infinity;
      return (
        `DLX route: ${done}/${total} classes, ${grouped(e.middleBands ?? 0)} ${twoBands ? 'bottom' : 'middle'} ` +
        `bands` +
        (done < total ? `, ${rate} M/s, about ${duration(left)} left` : '')
      );
    } else if (e.phase === 'progress') {
      return `${STAGE_TEXT[e.stage]}: ${e.done}/${e.total}`;
    }
    return null;
  };
}
