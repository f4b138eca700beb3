import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchHandles, isBranching, nodeRole } from '../catalog';
import { validWorkflow } from '../testing/arbitraries';
import { cloneGraph } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
import { validateWorkflow } from './index';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const errors = (input: unknown) => validateWorkflow(input).filter((v) => v.severity === 'error');
const codes = (input: unknown) => new Set(errors(input).map((v) => v.code));
const typeOf = (g: WorkflowDefinition, id: string) => g.nodes.find((n) => n.id === id)!.type;

describe('validateWorkflow properties', () => {
  it('finds no errors in generated valid graphs', () => {
    fc.assert(
      fc.property(validWorkflow, (g) => {
        expect(errors(g)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('dropping an edge leaves an output dangling', () => {
    fc.assert(
      fc.property(validWorkflow, fc.nat(), (g, pick) => {
        const broken = cloneGraph(g);
        const [dropped] = broken.edges.splice(pick % broken.edges.length, 1);
        const expected = nodeRole(typeOf(g, dropped!.source)) === 'start' ? 'start_target' : 'missing_output';
        expect(codes(broken)).toContain(expected);
      }),
    );
  });

  it('a back edge makes a cycle', () => {
    fc.assert(
      fc.property(validWorkflow, fc.nat(), (g, pick) => {
        const forward = g.edges.filter((e) => nodeRole(typeOf(g, e.target)) !== 'end');
        fc.pre(forward.length > 0);
        const e = forward[pick % forward.length]!;
        const broken = cloneGraph(g);
        const handle = branchHandles(typeOf(g, e.target))[0];
        broken.edges.push({ id: 'back', source: e.target, target: e.source, ...(handle ? { sourceHandle: handle } : {}) });
        const found = validateWorkflow(broken)
          .filter((v) => v.code === 'cycle')
          .map((v) => v.edgeId);
        expect(found).toContain('back');
        expect(found).toContain(e.id);
      }),
    );
  });

  it('a wrong handle is named by the handle rules (4.1.12)', () => {
    fc.assert(
      fc.property(validWorkflow, fc.nat(), fc.boolean(), (g, pick, drop) => {
        const broken = cloneGraph(g);
        const e = broken.edges[pick % broken.edges.length]!;
        const branching = isBranching(typeOf(g, e.source));
        if (branching && drop) delete e.sourceHandle;
        else e.sourceHandle = 'bogus';
        const expected = !branching ? 'unexpected_source_handle' : drop ? 'missing_source_handle' : 'unknown_source_handle';
        expect(validateWorkflow(broken)).toContainEqual(expect.objectContaining({ code: expected, edgeId: e.id }));
      }),
    );
  });

  it('an out-of-range field is an invalid_field with its path', () => {
    const bad = fc.constantFrom<[string, unknown]>(
      ['icpThreshold', 101],
      ['icpThreshold', -0.5],
      ['reply_wait_days', 0],
      ['wait_for_response_days', -1],
      ['delay_amount', 0],
      ['thresholdOperator', '=>'],
      ['delay_type', 'weeks'],
      ['send_empty_request', 'yes'],
      ['field_mappings', []],
      ['icpThreshold', '70'],
    );
    fc.assert(
      fc.property(validWorkflow, fc.nat(), bad, (g, pick, [field, value]) => {
        const broken = cloneGraph(g);
        const index = pick % broken.nodes.length;
        broken.nodes[index]!.data[field] = value;
        expect(validateWorkflow(broken)).toContainEqual(
          expect.objectContaining({ code: 'invalid_field', path: `nodes.${index}.data.${field}`, nodeId: broken.nodes[index]!.id }),
        );
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.anything(),
          fc.anything({
            withNullPrototype: true,
            withBoxedValues: true,
            withSparseArray: true,
            withMap: true,
            withSet: true,
            withTypedArray: true,
            withDate: true,
            withObjectString: true,
          }),
        ),
        (input) => {
          expect(Array.isArray(validateWorkflow(input))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws when parts of a valid graph are replaced by arbitrary JSON', () => {
    const garbage = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.anything({ maxDepth: 3 }));
    fc.assert(
      fc.property(
        validWorkflow,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('node', 'edge', 'data', 'field', 'id', 'type')), { minLength: 1, maxLength: 4 }),
        fc.array(garbage, { minLength: 4, maxLength: 4 }),
        (g, edits, values) => {
          const broken = cloneGraph(g) as unknown as { nodes: Record<string, unknown>[]; edges: Record<string, unknown>[] };
          edits.forEach(([pick, where], i) => {
            const value = values[i];
            const n = broken.nodes[pick % broken.nodes.length];
            const e = broken.edges[pick % broken.edges.length];
            if (where === 'node') (broken.nodes as unknown[])[pick % broken.nodes.length] = value;
            else if (where === 'edge') (broken.edges as unknown[])[pick % broken.edges.length] = value;
            else if (!isObject(n) || !isObject(e))
              return; // already replaced by garbage
            else if (where === 'data') n.data = value;
            else if (where === 'field' && isObject(n.data)) n.data.message_template = value;
            else if (where === 'id') e.source = value;
            else n.type = value;
          });
          const v = validateWorkflow(broken);
          expect(Array.isArray(v)).toBe(true);
          expect(v.some((x) => x.message.startsWith('The workflow could not be checked'))).toBe(false);
        },
      ),
    );
  });
});
