import { describe, expect, it } from 'vitest';
import { copySelection, parseClipboard, pasteInto, type ClipboardPayload } from './clipboard';
import { fromDefinition } from './convert';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';

const payload = (nodes: unknown[], edges: unknown[] = []) => JSON.stringify({ format: 'campaign-studio/steps', version: 1, nodes, edges });

describe('parseClipboard', () => {
  it('accepts only our format', () => {
    expect(parseClipboard('hello')).toBeNull();
    expect(parseClipboard(JSON.stringify({ format: 'other', nodes: [], edges: [] }))).toBeNull();
    const ok = parseClipboard(payload([{ id: 'a', type: 'delay', position: { x: 0, y: 0 }, data: {} }]));
    expect(ok?.nodes).toHaveLength(1);
  });

  it('drops malformed steps and connections, and an empty payload is nothing to paste', () => {
    const parsed = parseClipboard(
      payload(
        [{ id: 'a', type: 'delay' }, { id: 3, type: 'delay' }, 'x', null],
        [
          { id: 'e', source: 'a', target: 'b' },
          { id: 'f', source: 'a' },
        ],
      ),
    );
    expect(parsed?.nodes.map((n) => n.id)).toEqual(['a']);
    expect(parsed?.edges.map((e) => e.id)).toEqual(['e']);
    expect(parseClipboard(payload([{ id: 1 }]))).toBeNull();
  });
});

describe('copySelection and pasteInto', () => {
  it('copies the selected steps with the connections between them, and pastes them with fresh ids, shifted and selected', () => {
    const g = fromDefinition(connectionOnlyGraph());
    expect(copySelection(g)).toBeNull();
    const picked = new Set(['start', 'invite']);
    const selected = { ...g, nodes: g.nodes.map((n) => ({ ...n, selected: picked.has(n.id) })) };
    const copied = copySelection(selected)!;
    expect(copied.nodes.map((n) => n.id).sort()).toEqual([...picked].sort());
    expect(copied.edges.every((e) => picked.has(e.source) && picked.has(e.target))).toBe(true);
    expect(copied.edges.map((e) => [e.source, e.target])).toEqual([['start', 'invite']]);

    const pasted = pasteInto(selected, JSON.parse(JSON.stringify(copied)) as ClipboardPayload, { x: 40, y: 40 });
    const fresh = pasted.nodes.slice(g.nodes.length);
    expect(fresh).toHaveLength(copied.nodes.length);
    expect(fresh.every((n) => n.selected && !g.nodes.some((old) => old.id === n.id))).toBe(true);
    expect(pasted.nodes.slice(0, g.nodes.length).every((n) => !n.selected)).toBe(true);
    const original = copied.nodes[0]!;
    const copy = fresh[0]!;
    expect(copy.position).toEqual({ x: original.position.x + 40, y: original.position.y + 40 });
    const freshIds = new Set(fresh.map((n) => n.id));
    const newEdges = pasted.edges.slice(g.edges.length);
    expect(newEdges).toHaveLength(copied.edges.length);
    expect(newEdges.every((e) => freshIds.has(e.source) && freshIds.has(e.target) && !g.edges.some((old) => old.id === e.id))).toBe(true);
  });

  it('drops pasted connections whose ends were not copied', () => {
    const g = fromDefinition({ nodes: [], edges: [] });
    const p: ClipboardPayload = {
      format: 'campaign-studio/steps',
      version: 1,
      nodes: [{ id: 'd', type: 'delay', position: { x: 0, y: 0 }, data: {} }],
      edges: [{ id: 'e', source: 'd', target: 'elsewhere' }],
    };
    const pasted = pasteInto(g, p, { x: 0, y: 0 });
    expect(pasted.nodes).toHaveLength(1);
    expect(pasted.edges).toEqual([]);
  });
});
