import type { z } from 'zod';
import { MAX_EDGES, MAX_NODES, workflowDefinitionSchema, workflowEdgeSchema, workflowNodeSchema } from '../schemas';
import type { Violation } from '../workflow-types';
import { isRecord } from '../is-record';
import { edgeLooksValid, nodeLooksValid, rootLooksValid, surelyMatchesSchema } from './structure-fast';
import { violation } from './violation';

/** Names that are not types, with the type meant (spec 2.3: withdrawal is cancel_invitation). */
const RENAMED_TYPES: ReadonlyMap<string, string> = new Map([['cancel_connection_request', 'cancel_invitation']]);

type Issue = z.core.$ZodIssue;

const joinPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** The id of `nodes.N` / `edges.N` when the issue sits inside one, for pinning on the canvas. */
function owner(definition: Record<string, unknown>, path: readonly PropertyKey[]): { nodeId?: string; edgeId?: string } {
  const [list, index] = path;
  if ((list !== 'nodes' && list !== 'edges') || typeof index !== 'number') return {};
  const items = definition[list];
  const item = Array.isArray(items) ? items[index] : undefined;
  const id = isRecord(item) && typeof item.id === 'string' && item.id !== '' ? item.id : undefined;
  return list === 'nodes' ? { nodeId: id } : { edgeId: id };
}

/** `nodes.3.data.icpThreshold` → `data.icpThreshold`, the part a node's own panel understands. */
const localPath = (path: readonly PropertyKey[]): string => (path.length > 2 ? joinPath(path.slice(2)) : joinPath(path));

function fromIssue(definition: Record<string, unknown>, issue: Issue): Violation[] {
  const path = issue.path as readonly PropertyKey[];
  const where = joinPath(path);
  const ids = owner(definition, path);
  if (issue.code === 'unrecognized_keys') {
    const what = path.length === 0 ? 'a workflow definition has only nodes and edges' : `not allowed in ${localPath(path)}`;
    return issue.keys.map((key) =>
      violation('invalid_field', `Unknown property “${key}”: ${what}`, { ...ids, path: where ? `${where}.${key}` : key }),
    );
  }
  if (path.length === 1 && path[0] === 'nodes' && (issue.code === 'too_small' || issue.code === 'too_big')) {
    return [violation('node_count', `A workflow has 1 to ${MAX_NODES} nodes`, { path: where })];
  }
  if (path.length === 1 && path[0] === 'edges' && issue.code === 'too_big') {
    return [violation('edge_count', `A workflow has at most ${MAX_EDGES} edges`, { path: where })];
  }
  if (path.length === 3 && path[0] === 'nodes' && path[2] === 'type' && issue.code === 'invalid_value') {
    const nodes = definition.nodes as unknown[];
    const node = nodes[path[1] as number];
    const type = isRecord(node) ? node.type : undefined;
    if (typeof type === 'string') {
      const renamed = RENAMED_TYPES.get(type);
      const hint = renamed ? `; use “${renamed}” instead` : '';
      return [violation('unknown_node_type', `Unknown node type “${type}”${hint}`, { ...ids, path: where })];
    }
  }
  return [violation('invalid_field', path.length > 0 ? `${localPath(path)}: ${issue.message}` : issue.message, { ...ids, path: where })];
}

/**
 * Spec section 2 checks. The zod schema is the one source of truth; a conservative hand-written
 * acceptor skips it for well-formed graphs (the common case) to keep validation near JSON.parse.
 * `usable` is false when there are no node and edge lists to run the graph rules on.
 */
export function checkStructure(definition: unknown): { violations: Violation[]; usable: boolean } {
  if (!isRecord(definition)) {
    return {
      violations: [violation('invalid_field', 'The workflow definition must be an object with nodes and edges', { path: '' })],
      usable: false,
    };
  }
  if (surelyMatchesSchema(definition)) return { violations: [], usable: true };
  const violations = schemaIssues(definition).flatMap((issue) => fromIssue(definition, issue));
  return { violations, usable: Array.isArray(definition.nodes) && Array.isArray(definition.edges) };
}

/**
 * zod's issues for a definition, in zod's order. With a well-formed root only the items the fast
 * acceptor doubts are parsed (each alone, issue paths prefixed the way zod's array parsing does):
 * one out-of-range field in a 500-step graph costs one node's parse, not the whole graph's.
 */
export function schemaIssues(definition: Record<string, unknown>): Issue[] {
  if (!rootLooksValid(definition)) return workflowDefinitionSchema.safeParse(definition).error?.issues ?? [];
  const issues: Issue[] = [];
  const collect = (list: 'nodes' | 'edges', index: number, found: readonly Issue[] | undefined) => {
    for (const issue of found ?? []) issues.push({ ...issue, path: [list, index, ...issue.path] } as Issue);
  };
  definition.nodes.forEach((node, i) => nodeLooksValid(node) || collect('nodes', i, workflowNodeSchema.safeParse(node).error?.issues));
  definition.edges.forEach((edge, i) => edgeLooksValid(edge) || collect('edges', i, workflowEdgeSchema.safeParse(edge).error?.issues));
  return issues;
}
