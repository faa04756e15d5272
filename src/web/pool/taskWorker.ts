/**
 * One thread of the browser's worker pool (taskPool.ts): loads the task module a request names (each is its own
 * chunk, loaded on first use and kept, with whatever it caches) and answers with the task's value.
 */
import type { TaskReply, TaskRequest } from './taskPool.js';
import { workerScope } from './workerScope.js';

type TaskModule = Record<string, (input: unknown) => unknown>;

// every task module of src/ (src/*/…Task.ts, …Tasks.ts), by file name (unique: checked here)
const loaders = import.meta.glob<TaskModule>(['../../*/*Task.ts', '../../*/*Tasks.ts']);
const modules = new Map<string, () => Promise<TaskModule>>();
for (const [path, load] of Object.entries(loaders)) {
  const name = path.replace(/^.*\//, '').replace(/\.ts$/, '');
  if (modules.has(name)) throw new Error(`internal: two task modules named ${name}`);
  modules.set(name, load);
}

const scope = workerScope<TaskRequest, TaskReply>();
const loaded = new Map<string, Promise<TaskModule>>();

scope.onmessage = (e) => {
  const { id, module, task, input } = e.data;
  void (async () => {
    try {
      const load = modules.get(module);
      if (!load) throw new Error(`internal: no task module '${module}'`);
      let m = loaded.get(module);
      if (!m) loaded.set(module, (m = load()));
      const fn = (await m)[task];
      if (typeof fn !== 'function') throw new Error(`internal: task module ${module} has no export '${task}'`);
      const value = await fn(input);
      scope.postMessage({ id, value });
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      scope.postMessage({ id, error: { name: error.name, message: error.message } });
    }
  })();
};
