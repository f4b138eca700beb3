import { agentEntries, emailEntries, flowEntries, integrationEntries } from './others';
import { outreachEntries } from './outreach';
import { FIELDS, type ProviderLimit } from './fields';
import { NODE_TYPES, type NodeRole, type NodeType, type NodeTypeDefinition } from './types';

export * from './types';
export {
  FIELDS,
  FAST_DATA_CHECKS,
  nodeDataSchema,
  fieldRequirement,
  isPlainObject,
  THRESHOLD_OPERATORS,
  DELAY_TYPES,
  type FieldDefinition,
  type FieldKind,
  type ProviderLimit,
} from './fields';

/** The one registry of node types: palette, node view, forms, validator and server all read it. */
export const CATALOG: Readonly<Record<NodeType, NodeTypeDefinition>> = Object.fromEntries(
  [...flowEntries, ...outreachEntries, ...agentEntries, ...emailEntries, ...integrationEntries].map((e) => [e.type, e]),
) as Record<NodeType, NodeTypeDefinition>;

const TYPE_SET: ReadonlySet<string> = new Set(NODE_TYPES);
export const isNodeType = (value: unknown): value is NodeType => typeof value === 'string' && TYPE_SET.has(value);

/** The catalog entry of a type, or undefined for an unknown type string. */
export const nodeDefinition = (type: unknown): NodeTypeDefinition | undefined => (isNodeType(type) ? CATALOG[type] : undefined);

const NO_HANDLES: readonly string[] = Object.freeze([]);
const HANDLES_OF: ReadonlyMap<string, readonly string[]> = new Map(
  NODE_TYPES.map((t) => {
    const outputs = CATALOG[t].outputs;
    return [t, outputs.kind === 'branch' ? Object.freeze(outputs.handles.map((h) => h.name)) : NO_HANDLES];
  }),
);

/** Handle names of a branching type; empty for single-output and terminal types. Shared, frozen arrays. */
export const branchHandles = (type: unknown): readonly string[] => (typeof type === 'string' && HANDLES_OF.get(type)) || NO_HANDLES;

export const isBranching = (type: unknown): boolean => nodeDefinition(type)?.outputs.kind === 'branch';
export const isSend = (type: unknown): boolean => nodeDefinition(type)?.sends === true;

/** The graph role of a type (spec 3.3 / 4.1), or undefined for plain steps and unknown types. */
export const nodeRole = (type: unknown): NodeRole | undefined => nodeDefinition(type)?.role;

/** Data fields a type must fill with a non-empty string (spec 4.1 rule 9: credential_id, campaign_id). */
export const requiredFields = (type: unknown): readonly string[] =>
  nodeDefinition(type)?.fields.filter((key) => FIELDS[key]?.required === true) ?? [];

/** Types playing a role, e.g. the message-type nodes that may follow an accepted invitation. */
export const typesWithRole = (role: NodeRole): readonly NodeType[] => NODE_TYPES.filter((t) => CATALOG[t].role === role);

/**
 * Contract 8.6: the provider limit of a text a step sends, or undefined (the step sends nothing, or
 * the field has none). The type's own limit (the connection note) wins over the field table's.
 */
export function providerLimit(type: unknown, key: string): ProviderLimit | undefined {
  const def = nodeDefinition(type);
  if (!def?.sends || !def.fields.includes(key)) return undefined;
  return def.limits?.[key] ?? FIELDS[key]?.limit;
}
