import { isPlainObject, nodeDataSchema, type ProviderLimit } from './fields';
import { HANDLE } from './handles';
import type {
  BranchHandle,
  LimitKind,
  NodeCategory,
  NodeData,
  NodeRole,
  NodeType,
  NodeTypeDefinition,
  OutputSpec,
  RunBehaviour,
  SenderChannel,
  VariantTexts,
} from './types';

const SINGLE: OutputSpec = { kind: 'single' };
export const NONE: OutputSpec = { kind: 'none' };
export const branch = (...handles: BranchHandle[]): OutputSpec => ({ kind: 'branch', handles });

/** Contract 9.3: a message waits for a reply until reply_wait_days have passed. */
export const AWAIT_REPLY: RunBehaviour = {
  does: 'act',
  await: { event: 'message_received', handle: HANDLE.replied, timeoutField: 'reply_wait_days', timeoutHandle: HANDLE.noReply },
};

/** The two outputs shared by every message-type node (spec 2.4, rule 6). */
export const REPLY_HANDLES = branch(
  { name: HANDLE.replied, label: 'Replied', tone: 'positive' },
  { name: HANDLE.noReply, label: 'No reply', tone: 'negative' },
);

interface EntryInput {
  label: string;
  description: string;
  category: NodeCategory;
  outputs?: OutputSpec;
  fields?: readonly string[];
  defaults?: NodeData;
  summary?: (data: NodeData) => string;
  sends?: boolean;
  role?: NodeRole;
  needsPremiumSeat?: boolean;
  limits?: Record<string, ProviderLimit>;
  /** Contract 9.3; default: one action offered to the executor. */
  run?: RunBehaviour;
  /** Contract 9.3 sender limit of an in-window action; default `other`. */
  limitKind?: LimitKind;
  senderChannel?: SenderChannel;
  /** Contract 10.1: the texts variants replace; the form then offers variants and a variant group. */
  variantTexts?: VariantTexts;
}

// LinkedIn actions and messages act through a professional-network account unless an entry says otherwise.
const ACCOUNT_CATEGORIES: ReadonlySet<NodeCategory> = new Set(['linkedin', 'messaging']);

/** Builds one catalog entry; every type shares the spec 2.5 data schema (contract 5). */
export function define(type: NodeType, input: EntryInput): NodeTypeDefinition {
  const defaults = input.defaults ?? {};
  const run = input.run ?? { does: 'act' };
  // Contract 9.3: actions that reach a person (sends) and every LinkedIn action keep to the window.
  const window = run.does === 'act' && (input.sends === true || input.category === 'linkedin');
  return {
    type,
    label: input.label,
    description: input.description,
    category: input.category,
    outputs: input.outputs ?? SINGLE,
    dataSchema: nodeDataSchema,
    // Contract 10.1: a step with a text to vary shows its variants and their group right after that text.
    fields: input.variantTexts ? withVariantFields(input.fields ?? [], input.variantTexts) : (input.fields ?? []),
    defaults: () => structuredClone(defaults),
    summary: input.variantTexts ? withVariantsSummary(input.summary ?? (() => ''), input.run) : (input.summary ?? (() => '')),
    sends: input.sends ?? false,
    ...(input.role ? { role: input.role } : {}),
    ...(input.needsPremiumSeat ? { needsPremiumSeat: true } : {}),
    ...(input.limits ? { limits: input.limits } : {}),
    run,
    window,
    ...(window ? { limitKind: input.limitKind ?? 'other' } : {}),
    ...(input.senderChannel || ACCOUNT_CATEGORIES.has(input.category)
      ? { senderChannel: input.senderChannel ?? 'professional_network' }
      : {}),
    ...(input.variantTexts ? { variantTexts: input.variantTexts } : {}),
  };
}

/** "A" for variant "a": how a variant's id reads (contract 10.1 ids are "a".."e"). */
export const variantLetter = (variantId: string): string => variantId.toUpperCase();

/**
 * Contract 10.1 on the canvas: a step with variants reads "A/B: “Short”, “Warm” · wait 3 days" — the
 * letters and labels instead of the one text, which it no longer sends.
 */
function withVariantsSummary(summary: (data: NodeData) => string, run: RunBehaviour | undefined): (data: NodeData) => string {
  const waitField = run?.does === 'act' ? run.await?.timeoutField : undefined;
  return (data) => {
    const variants = Array.isArray(data.variants) ? data.variants.filter(isPlainObject) : [];
    if (variants.length === 0) return summary(data);
    const letters = variants.map((v, i) => (typeof v.variantId === 'string' ? variantLetter(v.variantId) : String(i + 1))).join('/');
    const labels = variants.map((v) => `“${excerpt(str(v.label), 16) || '…'}”`).join(', ');
    const wait = waitField ? num(data[waitField]) : undefined;
    return `${letters}: ${labels}${wait !== undefined ? ` · wait ${plural(wait, 'days')}` : ''}`;
  };
}

/** The form's fields with `variants` and `variantGroup` after the text they vary. */
function withVariantFields(fields: readonly string[], texts: VariantTexts): string[] {
  const at = fields.indexOf(texts.text);
  return [...fields.slice(0, at + 1), 'variants', 'variantGroup', ...fields.slice(at + 1)];
}

/** Text helpers for summaries: never throw on foreign data. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const plural = (n: number, unit: string): string => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
export const excerpt = (text: string, max = 40): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
/** "“Hi {{firstName}}…”, wait 3 days" style summary for message-type nodes. */
export function messageSummary(data: NodeData, waitKey = 'reply_wait_days'): string {
  const text = excerpt(str(data.message_template));
  const wait = num(data[waitKey]);
  const parts = [text ? `“${text}”` : 'No message yet'];
  if (wait !== undefined) parts.push(`wait ${plural(wait, 'days')}`);
  return parts.join(' · ');
}
