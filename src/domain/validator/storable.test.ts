import { describe, expect, it } from 'vitest';
import { find } from '../testing/case-helpers';
import { connectionOnlyGraph } from '../testing/fixtures';
import { validateWorkflow } from './index';

/**
 * Contract 8.4 inside a graph: text the database cannot store (U+0000, a lone surrogate) is an
 * invalid_field on the step or connection holding it, at its exact path, named in users' words.
 */

const NUL = 'the NUL character (U+0000)';
const unstorable = (message: string, where: { nodeId?: string; edgeId?: string; path: string }) => ({
  code: 'invalid_field',
  rule: '2',
  severity: 'error',
  message,
  ...where,
});

describe('unstorable text in a graph (contract 8.4)', () => {
  it('names a field by its label, another setting by its name, anything else as a text', () => {
    const g = connectionOnlyGraph();
    const invite = find(g, 'invite') as unknown as Record<string, unknown> & { data: Record<string, unknown> };
    invite.data.message_template = 'Hi\u0000';
    invite.data.note = 'a\u0000';
    invite.label = 'b\ud800';
    expect(validateWorkflow(g)).toStrictEqual([
      unstorable(`Message of this step must not contain ${NUL}`, { nodeId: 'invite', path: 'nodes.1.data.message_template' }),
      unstorable(`The setting “note” of this step must not contain ${NUL}`, { nodeId: 'invite', path: 'nodes.1.data.note' }),
      unstorable('A text of this step must not contain a lone surrogate (broken Unicode)', { nodeId: 'invite', path: 'nodes.1.label' }),
    ]);
  });

  it('calls anything outside the settings, or settings that are not an object, a text', () => {
    const g = connectionOnlyGraph();
    (g.nodes[1] as unknown as Record<string, unknown>).meta = { label: 'a\u0000' };
    (g.nodes[2] as unknown as Record<string, unknown>).data = 'b\u0000';
    expect(validateWorkflow(g).filter((v) => v.message.startsWith('A text'))).toStrictEqual([
      unstorable(`A text of this step must not contain ${NUL}`, { nodeId: 'invite', path: 'nodes.1.meta.label' }),
      unstorable(`A text of this step must not contain ${NUL}`, { nodeId: 'end', path: 'nodes.2.data' }),
    ]);
  });

  it('finds text inside lists and nested values, and names the field it belongs to, never its key', () => {
    const g = connectionOnlyGraph();
    const data = find(g, 'invite').data as Record<string, unknown>;
    data.field_mappings = { email: 'x\u0000' };
    data.tags = ['fine', 'b\u0000'];
    expect(validateWorkflow(g)).toStrictEqual([
      unstorable(`Field mappings of this step must not contain ${NUL}`, { nodeId: 'invite', path: 'nodes.1.data.field_mappings.email' }),
      unstorable(`The setting “tags” of this step must not contain ${NUL}`, { nodeId: 'invite', path: 'nodes.1.data.tags.1' }),
    ]);
  });

  it('finds it however deep it is nested', () => {
    const g = connectionOnlyGraph();
    let deep: unknown = 'deep\u0000';
    for (let i = 0; i < 80; i++) deep = i % 2 === 0 ? [deep] : { inner: deep };
    (find(g, 'invite').data as Record<string, unknown>).custom_variables = { nested: deep };
    const [v] = validateWorkflow(g);
    expect(v).toMatchObject({ code: 'invalid_field', nodeId: 'invite', message: `Custom variables of this step must not contain ${NUL}` });
    expect(v!.path!.split('.')).toHaveLength(4 + 1 + 80);
  });

  it('finds it in a property name', () => {
    const g = connectionOnlyGraph();
    (find(g, 'invite').data as Record<string, unknown>)['bad\u0000name'] = 1;
    expect(validateWorkflow(g)).toEqual([
      expect.objectContaining({ code: 'invalid_field', nodeId: 'invite', path: 'nodes.1.data.bad\u0000name' }),
    ]);
  });

  it('keeps prototype names harmless: a setting named constructor is a setting', () => {
    const g = connectionOnlyGraph();
    (find(g, 'invite').data as Record<string, unknown>)['constructor'] = 'a\u0000';
    expect(validateWorkflow(g)).toStrictEqual([
      unstorable(`The setting “constructor” of this step must not contain ${NUL}`, { nodeId: 'invite', path: 'nodes.1.data.constructor' }),
    ]);
  });

  it('pins it on the connection holding it', () => {
    const g = connectionOnlyGraph();
    (g.edges[2] as unknown as Record<string, unknown>).label = 'x\u0000';
    expect(validateWorkflow(g)).toStrictEqual([
      unstorable(`A text of this connection must not contain ${NUL}`, { edgeId: 'e_invite_no_response', path: 'edges.2.label' }),
    ]);
  });

  it('pins it on no step when the step has no usable id', () => {
    for (const id of ['', 7]) {
      const g = connectionOnlyGraph();
      const end = g.nodes[2] as unknown as { id: unknown; data: Record<string, unknown> };
      end.id = id;
      end.data.note = 'a\u0000';
      expect(validateWorkflow(g).filter((v) => v.path === 'nodes.2.data.note')).toStrictEqual([
        unstorable(`The setting “note” of this step must not contain ${NUL}`, { path: 'nodes.2.data.note' }),
      ]);
    }
  });
});
