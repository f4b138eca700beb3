import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeDataSchema } from '../catalog';
import { workflowDefinitionSchema } from '../schemas';
import { validWorkflow } from '../testing/arbitraries';
import { cloneGraph, followUpChain } from '../testing/fixtures';
import { schemaIssues } from './structure';
import { FAST_DATA_CHECKS, surelyMatchesSchema } from './structure-fast';

const zodAccepts = (input: unknown): boolean => workflowDefinitionSchema.safeParse(input).success;
const DATA_KEYS = Object.keys(nodeDataSchema.shape);

/** A JSON value likely to sit near a bound: the interesting cases for each field. */
const edgyValue = fc.oneof(
  fc.constantFrom(0, -0, 1, 100, 100.5, 101, -1, 0.001, '', 'x', '>=', '=>', 'days', 'weeks', true, false, null, [], {}, { a: 1 }, [1]),
  fc.jsonValue({ maxDepth: 2 }),
  fc.double(),
);

const mutation = fc.tuple(
  fc.nat(),
  fc.oneof(
    fc.record({ kind: fc.constant('data' as const), key: fc.constantFrom(...DATA_KEYS, 'extra_field'), value: edgyValue }),
    fc.record({ kind: fc.constant('node' as const), key: fc.constantFrom('id', 'type', 'position', 'data', 'extra'), value: edgyValue }),
    fc.record({ kind: fc.constant('position' as const), key: fc.constantFrom('x', 'y', 'z'), value: edgyValue }),
    fc.record({
      kind: fc.constant('edge' as const),
      key: fc.constantFrom('id', 'source', 'target', 'sourceHandle', 'extra'),
      value: edgyValue,
    }),
    fc.record({ kind: fc.constant('root' as const), key: fc.constantFrom('nodes', 'edges', 'viewport'), value: edgyValue }),
  ),
);

function mutate(input: unknown, [pick, m]: [number, { kind: string; key: string; value: unknown }]): void {
  const g = input as { nodes: Array<Record<string, unknown>>; edges: Array<Record<string, unknown>> } & Record<string, unknown>;
  if (m.kind === 'root') {
    g[m.key] = m.value;
    return;
  }
  if (!Array.isArray(g.nodes) || !Array.isArray(g.edges) || g.nodes.length === 0 || g.edges.length === 0) return;
  const n = g.nodes[pick % g.nodes.length];
  const e = g.edges[pick % g.edges.length];
  const target = m.kind === 'data' ? n?.data : m.kind === 'node' ? n : m.kind === 'position' ? n?.position : e;
  if (typeof target === 'object' && target !== null) (target as Record<string, unknown>)[m.key] = m.value;
}

describe('fast structure acceptor (kept honest against zod)', () => {
  it('checks exactly the fields of nodeDataSchema', () => {
    expect(Object.keys(FAST_DATA_CHECKS).sort()).toEqual([...DATA_KEYS].sort());
  });

  it('accepts valid graphs, so they skip zod', () => {
    expect(surelyMatchesSchema(followUpChain(500))).toBe(true);
    fc.assert(
      fc.property(validWorkflow, (g) => {
        expect(surelyMatchesSchema(g)).toBe(true);
        expect(surelyMatchesSchema(JSON.parse(JSON.stringify(g)))).toBe(true);
      }),
    );
  });

  it('agrees with zod on mutated JSON graphs', () => {
    fc.assert(
      fc.property(validWorkflow, fc.array(mutation, { minLength: 1, maxLength: 3 }), (g, mutations) => {
        const input = cloneGraph(g);
        for (const m of mutations) mutate(input, m);
        const json = JSON.parse(JSON.stringify(input)) as unknown;
        expect(surelyMatchesSchema(json)).toBe(zodAccepts(json));
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('never accepts what zod rejects, whatever the input', () => {
    const anything = fc.anything({
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withMap: true,
      withDate: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(
        validWorkflow,
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.record({
              kind: fc.constantFrom('data', 'node', 'position', 'edge', 'root'),
              key: fc.constantFrom(...DATA_KEYS, 'x', 'y', 'id', 'data', 'position', 'nodes', 'edges', 'sourceHandle'),
              value: anything,
            }),
          ),
          { maxLength: 3 },
        ),
        (g, mutations) => {
          const input = cloneGraph(g);
          for (const m of mutations) mutate(input, m);
          if (surelyMatchesSchema(input)) expect(zodAccepts(input)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(anything, (input) => {
        if (surelyMatchesSchema(input)) expect(zodAccepts(input)).toBe(true);
      }),
    );
  }, 60_000);

  it("reports exactly zod's issues when it parses only the doubtful items", () => {
    const zodIssues = (input: unknown) =>
      (workflowDefinitionSchema.safeParse(input).error?.issues ?? []).map(({ code, path, message }) => ({ code, path, message }));
    const ours = (input: Record<string, unknown>) => schemaIssues(input).map(({ code, path, message }) => ({ code, path, message }));
    fc.assert(
      fc.property(validWorkflow, fc.array(mutation, { minLength: 1, maxLength: 4 }), (g, mutations) => {
        const input = cloneGraph(g);
        for (const m of mutations) mutate(input, m);
        const json = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
        expect(ours(json)).toEqual(zodIssues(json));
      }),
      { numRuns: 1000 },
    );
    const big = followUpChain(500);
    big.nodes[250]!.data.reply_wait_days = 0;
    (big.edges[7] as Record<string, unknown>).sourceHandle = 3;
    expect(ours(big as unknown as Record<string, unknown>)).toEqual(zodIssues(big));
  }, 60_000);
});
