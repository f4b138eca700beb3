import { FAST_DATA_CHECKS, NODE_TYPES, isPlainObject } from '../catalog';
import { MAX_EDGES, MAX_NODES } from '../schemas';

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

/** True only when workflowNodeSchema certainly accepts `node`. */
export function nodeLooksValid(node: unknown): boolean {
  if (!isPlainObject(node) || !nonEmptyString(node.id) || typeof node.type !== 'string' || !TYPES.has(node.type)) return false;
  const { position, data } = node;
  if (!isPlainObject(position) || !isFiniteNumber(position.x) || !isFiniteNumber(position.y)) return false;
  let keys = 0;
  for (const _key in position) keys++;
  if (keys !== 2 || !isPlainObject(data)) return false;
  for (const key of Object.keys(data)) {
    const check = DATA_CHECKS.get(key);
    const value = data[key];
    if (check && value !== undefined && !check(value)) return false;
  }
  return true;
}

/** True only when workflowEdgeSchema certainly accepts `edge`. */
export function edgeLooksValid(edge: unknown): boolean {
  if (!isPlainObject(edge)) return false;
  return (
    nonEmptyString(edge.id) &&
    nonEmptyString(edge.source) &&
    nonEmptyString(edge.target) &&
    (edge.sourceHandle === undefined || typeof edge.sourceHandle === 'string')
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

/** True only when workflowDefinitionSchema certainly accepts `definition`. */
export function surelyMatchesSchema(definition: unknown): boolean {
  if (!rootLooksValid(definition)) return false;
  const { nodes, edges } = definition;
  for (let i = 0; i < nodes.length; i++) if (!nodeLooksValid(nodes[i])) return false;
  for (let i = 0; i < edges.length; i++) if (!edgeLooksValid(edges[i])) return false;
  return true;
}
