import { FAST_DATA_CHECKS, NODE_TYPES, isPlainObject } from '../catalog';
import { mayBeUnstorable } from '../contract/bounds';
import { MAX_EDGES, MAX_NODES } from '../schemas';
import { holdsSuspectText } from './storable';

/**
 * A hand-written acceptor for workflowDefinitionSchema, because zod alone costs about as much as
 * JSON.parse of the graph and the validator's budget is 2× JSON.parse (Foundation issue).
 * It is conservative: when it says yes, zod says yes (property-tested in structure-fast.test.ts);
 * when it says no, the validator asks zod, which stays the source of truth for every message.
 */

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export { FAST_DATA_CHECKS };
const DATA_CHECKS = new Map(Object.entries(FAST_DATA_CHECKS));

const TYPES: ReadonlySet<string> = new Set(NODE_TYPES);
const nonEmptyString = (v: unknown): boolean => typeof v === 'string' && v.length > 0;

const NODE_KEYS: ReadonlySet<string> = new Set(['id', 'type', 'position', 'data']);
const EDGE_KEYS: ReadonlySet<string> = new Set(['id', 'source', 'target', 'sourceHandle']);

/** Extra properties (React Flow's own, a client's) are allowed; their names and values must be storable. */
function extrasStorable(item: Record<string, unknown>, known: ReadonlySet<string>): boolean {
  for (const key in item) if (!known.has(key) && (mayBeUnstorable(key) || holdsSuspectText(item[key]))) return false;
  return true;
}

/**
 * True only when workflowNodeSchema certainly accepts `node` and every text in it is storable
 * (contract 8.4): the one pass over a step that structure and storable text share. Type names and
 * choices come from the catalog, so only free text is scanned.
 */
export function nodeLooksValid(node: unknown): boolean {
  if (!isPlainObject(node) || !nonEmptyString(node.id) || typeof node.type !== 'string' || !TYPES.has(node.type)) return false;
  const { position, data } = node;
  if (!isPlainObject(position) || !isFiniteNumber(position.x) || !isFiniteNumber(position.y)) return false;
  let keys = 0;
  for (const _key in position) keys++;
  if (keys !== 2 || !isPlainObject(data) || mayBeUnstorable(node.id as string)) return false;
  for (const key in data) {
    const check = DATA_CHECKS.get(key);
    const value = data[key];
    if (check === undefined) {
      if (mayBeUnstorable(key) || holdsSuspectText(value)) return false;
    } else if (value !== undefined && (!check(value) || holdsSuspectText(value))) return false;
  }
  return extrasStorable(node, NODE_KEYS);
}

/** True only when workflowEdgeSchema certainly accepts `edge` and every text in it is storable. */
export function edgeLooksValid(edge: unknown): boolean {
  if (!isPlainObject(edge)) return false;
  const { id, source, target, sourceHandle } = edge;
  return (
    nonEmptyString(id) &&
    nonEmptyString(source) &&
    nonEmptyString(target) &&
    (sourceHandle === undefined || typeof sourceHandle === 'string') &&
    !mayBeUnstorable(id as string) &&
    !mayBeUnstorable(source as string) &&
    !mayBeUnstorable(target as string) &&
    (sourceHandle === undefined || !mayBeUnstorable(sourceHandle as string)) &&
    extrasStorable(edge, EDGE_KEYS)
  );
}

/**
 * True only when zod finds nothing at the root of `definition`: exactly `nodes` and `edges`, lists
 * of allowed length. Its issues, if any, are then all inside items (zod checks each item alone).
 */
export function rootLooksValid(definition: unknown): definition is { nodes: unknown[]; edges: unknown[] } {
  if (!isPlainObject(definition)) return false;
  let keys = 0;
  for (const _key in definition) keys++;
  const { nodes, edges } = definition;
  if (keys !== 2 || !Array.isArray(nodes) || !Array.isArray(edges)) return false;
  return nodes.length >= 1 && nodes.length <= MAX_NODES && edges.length <= MAX_EDGES;
}

/** True only when workflowDefinitionSchema certainly accepts `definition` and all its text is storable. */
export function surelyMatchesSchema(definition: unknown): boolean {
  if (!rootLooksValid(definition)) return false;
  const { nodes, edges } = definition;
  for (let i = 0; i < nodes.length; i++) if (!nodeLooksValid(nodes[i])) return false;
  for (let i = 0; i < edges.length; i++) if (!edgeLooksValid(edges[i])) return false;
  return true;
}
