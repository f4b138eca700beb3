import type { z } from 'zod';
import { FIELDS, fieldRequirement, nodeDefinition } from '../catalog';
import { MAX_EDGES, MAX_NODES, workflowDefinitionSchema, workflowEdgeSchema, workflowNodeSchema } from '../schemas';
import type { Violation } from '../workflow-types';
import { isRecord } from '../is-record';
import { edgeLooksValid, nodeLooksValid, rootLooksValid } from './structure-fast';
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

/** What an issue at `path` (inside a step, a connection, or the workflow) means, in users' words. */
function describe(path: readonly PropertyKey[]): string {
  const [list, , part, key] = path;
  if (path.length === 1) return 'The workflow needs a list of steps (nodes) and a list of connections (edges)';
  if (list === 'nodes') {
    if (part === 'data' && typeof key === 'string' && path.length === 4) {
      const field = FIELDS[key];
      if (field) return fieldRequirement(field);
    }
    if (part === 'data') return 'The settings of this step must be an object of named values';
    if (part === 'position') return 'The position of this step must be two finite numbers, x and y';
    if (part === 'id') return 'Every step needs an id (non-empty text)';
    if (part === 'type') return 'Every step needs a type';
    if (part === undefined) return 'Every step must be an object with an id, a type, a position and settings';
    return 'This step has a value that is not allowed';
  }
  if (list === 'edges') {
    if (part === 'id') return 'Every connection needs an id (non-empty text)';
    if (part === 'source') return 'Every connection needs the id of the step it starts at';
    if (part === 'target') return 'Every connection needs the id of the step it leads to';
    if (part === 'sourceHandle') return 'The output a connection leaves by must be named with text';
    if (part === undefined) return 'Every connection must be an object with an id, a source and a target';
    return 'This connection has a value that is not allowed';
  }
  return 'The workflow definition must be an object with nodes and edges';
}

function fromIssue(definition: Record<string, unknown>, issue: Issue): Violation[] {
  const path = issue.path as readonly PropertyKey[];
  const where = joinPath(path);
  const ids = owner(definition, path);
  if (issue.code === 'unrecognized_keys') {
    const what =
      path.length === 0
        ? 'a workflow definition has only nodes and edges'
        : path[path.length - 1] === 'position'
          ? 'a position has only x and y'
          : 'it is not allowed here';
    return issue.keys.map((key) =>
      violation('invalid_field', `Unknown property “${key}”: ${what}`, { ...ids, path: where ? `${where}.${key}` : key }),
    );
  }
  if (path.length === 1 && path[0] === 'nodes' && (issue.code === 'too_small' || issue.code === 'too_big')) {
    return [violation('node_count', `A workflow has 1 to ${MAX_NODES} steps`, { path: where })];
  }
  if (path.length === 1 && path[0] === 'edges' && issue.code === 'too_big') {
    return [violation('edge_count', `A workflow has at most ${MAX_EDGES} connections`, { path: where })];
  }
  if (path.length === 3 && path[0] === 'nodes' && path[2] === 'type' && issue.code === 'invalid_value') {
    const nodes = definition.nodes as unknown[];
    const node = nodes[path[1] as number];
    const type = isRecord(node) ? node.type : undefined;
    if (typeof type === 'string') {
      // Contract 5: the message suggests the type meant (an agent reads it; the app shows the label too).
      const renamed = RENAMED_TYPES.get(type);
      const hint = renamed ? `; use “${renamed}” instead (the ${nodeDefinition(renamed)?.label} step)` : '';
      return [violation('unknown_node_type', `Unknown step type “${type}”${hint}`, { ...ids, path: where })];
    }
  }
  return [violation('invalid_field', describe(path), { ...ids, path: where })];
}

/**
 * Spec section 2 checks. The zod schema is the one source of truth; a conservative hand-written
 * acceptor skips it for well-formed graphs (the common case) to keep validation near JSON.parse.
 * `usable` is false when there are no node and edge lists to run the graph rules on; `storable` is
 * true when that same pass found every text storable, so no second walk looks for unstorable text.
 */
export function checkStructure(definition: unknown): { violations: Violation[]; usable: boolean; doubts?: Doubts } {
  if (!isRecord(definition)) {
    return {
      violations: [violation('invalid_field', 'The workflow definition must be an object with nodes and edges', { path: '' })],
      usable: false,
    };
  }
  if (!rootLooksValid(definition)) {
    const violations = schemaIssues(definition).flatMap((issue) => fromIssue(definition, issue));
    return { violations, usable: Array.isArray(definition.nodes) && Array.isArray(definition.edges) };
  }
  const doubts = doubtedItems(definition);
  const violations = schemaIssues(definition, doubts).flatMap((issue) => fromIssue(definition, issue));
  return { violations, usable: true, doubts };
}

/** The nodes and edges the fast pass could not vouch for (schema or storable text), by index. */
export interface Doubts {
  nodes: number[];
  edges: number[];
}

function doubtedItems(definition: { nodes: unknown[]; edges: unknown[] }): Doubts {
  const doubts: Doubts = { nodes: [], edges: [] };
  const { nodes, edges } = definition;
  for (let i = 0; i < nodes.length; i++) if (!nodeLooksValid(nodes[i])) doubts.nodes.push(i);
  for (let i = 0; i < edges.length; i++) if (!edgeLooksValid(edges[i])) doubts.edges.push(i);
  return doubts;
}

/**
 * zod's issues for a definition, in zod's order. With a well-formed root only the items the fast
 * acceptor doubts are parsed (each alone, issue paths prefixed the way zod's array parsing does):
 * one out-of-range field in a 500-step graph costs one node's parse, not the whole graph's.
 */
export function schemaIssues(definition: Record<string, unknown>, known?: Doubts): Issue[] {
  if (!rootLooksValid(definition)) return workflowDefinitionSchema.safeParse(definition).error?.issues ?? [];
  const doubts = known ?? doubtedItems(definition);
  const issues: Issue[] = [];
  const collect = (list: 'nodes' | 'edges', index: number, found: readonly Issue[] | undefined) => {
    for (const issue of found ?? []) issues.push({ ...issue, path: [list, index, ...issue.path] } as Issue);
  };
  for (const i of doubts.nodes) collect('nodes', i, workflowNodeSchema.safeParse(definition.nodes[i]).error?.issues);
  for (const i of doubts.edges) collect('edges', i, workflowEdgeSchema.safeParse(definition.edges[i]).error?.issues);
  return issues;
}
