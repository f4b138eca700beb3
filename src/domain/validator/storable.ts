import { FIELDS } from '../catalog';
import { mayBeUnstorable, unstorableTextPaths } from '../contract/bounds';
import type { Violation } from '../workflow-types';
import { isRecord } from '../is-record';
import { violation } from './violation';

/**
 * Contract 8.4 inside a graph: a string anywhere in a step or a connection (data, extra properties,
 * property names) holding U+0000 or a lone surrogate cannot be stored, so it is an invalid_field
 * naming its path. A cheap allocation-free scan first; paths are collected only for the item hit.
 */

/** Anywhere, however deep: a graph from an MCP client reaches storage with no other check (contract 8.4). */
export function holdsSuspectText(value: unknown): boolean {
  if (typeof value === 'string') return mayBeUnstorable(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsSuspectText(item)) return true;
    return false;
  }
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (mayBeUnstorable(key) || holdsSuspectText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** "Instructions", "The setting “note”", "A text": what the path names, in users' words. */
function what(path: string[]): string {
  const [, , part, key] = path;
  if (part !== 'data' || key === undefined) return 'A text';
  // A field's label even for a value inside it (never its key); an own key only (not `constructor`).
  return Object.hasOwn(FIELDS, key) ? FIELDS[key]!.label : `The setting “${key}”`;
}

/** `only`: the indexes to scan (the items the structure pass could not vouch for); every item when absent. */
export function checkStorableText(
  definition: { nodes: unknown[]; edges: unknown[] },
  only?: { nodes: number[]; edges: number[] },
): Violation[] {
  const out: Violation[] = [];
  for (const list of ['nodes', 'edges'] as const) {
    const indexes = only ? only[list] : definition[list].keys();
    for (const index of indexes) {
      const item = definition[list][index];
      if (!holdsSuspectText(item)) continue;
      const id = isRecord(item) && typeof item.id === 'string' && item.id !== '' ? item.id : undefined;
      const owner = list === 'nodes' ? { nodeId: id } : { edgeId: id };
      const noun = list === 'nodes' ? 'this step' : 'this connection';
      for (const hit of unstorableTextPaths(item, [list, String(index)], Infinity)) {
        const segments = hit.path.split('.');
        out.push(violation('invalid_field', `${what(segments)} of ${noun} ${hit.message}`, { ...owner, path: hit.path }));
      }
    }
  }
  return out;
}
