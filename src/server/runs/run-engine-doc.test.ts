import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** docs/run-engine.md is the map of the engine (issue 34): it names every file of src/server/runs. */

const doc = readFileSync(new URL('../../../docs/run-engine.md', import.meta.url), 'utf8');
const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('docs/run-engine.md', () => {
  it('names every file of src/server/runs', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !doc.includes(`\`${f}\``) && !doc.includes(`runs/${f}`))).toEqual([]);
  });
});
