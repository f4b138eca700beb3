// Mutation runs only (vitest.stryker.config.ts aliases 'fast-check' here): every property runs at
// most MAX_RUNS times. Each mutant re-runs the properties that cover it; at their full 300–3000 runs
// a folder would take hours on a shared machine. The examples beside them do the precise killing.
import * as real from 'fast-check-real';

const MAX_RUNS = 40;
const fc = real.default;
export default new Proxy(fc, {
  get(target, key) {
    if (key !== 'assert') return target[key];
    return (property, params) => target.assert(property, { ...params, numRuns: Math.min(params?.numRuns ?? 100, MAX_RUNS) });
  },
});
export * from 'fast-check-real';
