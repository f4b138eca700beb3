import { agentEntries, emailEntries, flowEntries, integrationEntries } from './others';
import { outreachEntries } from './outreach';
import { FIELDS, type ProviderLimit } from './fields';
import { NODE_TYPES, type BranchHandle, type NodeRole, type NodeType, type NodeTypeDefinition } from './types';

export * from './types';
export { HANDLE } from './handles';
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

/** One output of a node type: its handle id (null for the single unnamed output), label and tone. */
export interface NodeOutput {
  readonly id: string | null;
  readonly label: string;
  readonly tone: BranchHandle['tone'] | 'neutral';
}

interface OutputTable {
  outputs: readonly NodeOutput[];
  branches: readonly BranchHandle[];
  names: readonly string[];
}
const NO_OUTPUTS: OutputTable = Object.freeze({ outputs: Object.freeze([]), branches: Object.freeze([]), names: Object.freeze([]) });
const SINGLE_OUTPUT: readonly NodeOutput[] = Object.freeze([Object.freeze({ id: null, label: '', tone: 'neutral' as const })]);

/** The outputs of every type, derived once from the catalog entries (shared, frozen arrays). */
const OUTPUTS_OF: ReadonlyMap<string, OutputTable> = new Map(
  NODE_TYPES.map((t): [string, OutputTable] => {
    const spec = CATALOG[t].outputs;
    if (spec.kind === 'none') return [t, NO_OUTPUTS];
    if (spec.kind === 'single') return [t, { ...NO_OUTPUTS, outputs: SINGLE_OUTPUT }];
    const branches = Object.freeze([...spec.handles]);
    const outputs = Object.freeze(branches.map((h) => Object.freeze({ id: h.name, label: h.label, tone: h.tone })));
    return [t, { outputs, branches, names: Object.freeze(branches.map((h) => h.name)) }];
  }),
);
const outputTable = (type: unknown): OutputTable => (typeof type === 'string' && OUTPUTS_OF.get(type)) || NO_OUTPUTS;

/** Every output of a type in catalog order: none for end and unknown types, one unnamed, or the branches. */
export const nodeOutputs = (type: unknown): readonly NodeOutput[] => outputTable(type).outputs;

/** The branch outputs of a branching type (name, label, tone); empty for other types. */
export const branchOutputs = (type: unknown): readonly BranchHandle[] => outputTable(type).branches;

/** Handle names of a branching type; empty for single-output and terminal types. */
export const branchHandles = (type: unknown): readonly string[] => outputTable(type).names;

export const isBranching = (type: unknown): boolean => nodeDefinition(type)?.outputs.kind === 'branch';
export const isSend = (type: unknown): boolean => nodeDefinition(type)?.sends === true;

/** The graph role of a type (spec 3.3 / 4.1), or undefined for plain steps and unknown types. */
export const nodeRole = (type: unknown): NodeRole | undefined => nodeDefinition(type)?.role;

/** The type of the step that ends a run (the catalog's one `end` role). */
export const END_TYPE: NodeType = NODE_TYPES.find((t) => nodeRole(t) === 'end')!;

/**
 * The output a reply leaves a step by (the step waits for one), or null. A reply ends the run whatever
 * follows (stop on reply, contract 9.3), so a new step's reply output goes to an End by default.
 */
export function replyOutput(type: unknown): string | null {
  const run = nodeDefinition(type)?.run;
  return run?.does === 'act' && run.await?.event === 'message_received' ? run.await.handle : null;
}

/** A graph's Start step (the first, should there be several), or undefined. */
export const startStep = <T extends { type?: unknown }>(nodes: readonly T[]): T | undefined =>
  nodes.find((n) => nodeRole(n.type) === 'start');

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

export { DAILY_LIMIT_WORDS, needsSendingWindow, senderActionOf, type SenderAction } from './sender-actions';
