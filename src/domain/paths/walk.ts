import { branchOutputs, FIELDS } from '../catalog';
import { renderTemplate } from '../template';
import { sentVersions, variantTextsOf, type VariantId } from '../variants';
import { buildGraph, type Graph, type GraphEdge, type GraphNode } from '../validator';
import { handleLabel, isSendType, messageText, nodeLabel, scoreQualifies, stepSummary, subjectText, waitDays } from './describe';

/**
 * The path simulator's walk: one prospect, one chosen outcome per branching step, from start to
 * end. Tolerant of any input (the editor simulates unsaved, possibly invalid graphs): a loop, a
 * missing edge or a missing start stops the walk with a note; it never throws.
 */

export interface SampleProspect {
  customFields: Record<string, string>;
}

export interface WalkChoices {
  /** Chosen output per branching node id (accepted | no_response, replied | no_reply, qualified | not_qualified). */
  outcomes?: Readonly<Record<string, string>>;
  /** When set, decides qualified / not_qualified through each scoring node's threshold (wins over `outcomes`). */
  icpScore?: number;
}

export interface RenderedText {
  template: string;
  text: string;
  /** Placeholders the prospect has no value for; they stay in `text` as written. */
  missing: string[];
}

/** Contract 10.1: one variant of a step, as the prospect would get it. */
export interface WalkVariant {
  variantId: VariantId;
  label: string;
  /** The variant's own text (message, note or AI instructions), filled in where it takes placeholders. */
  text: RenderedText;
  /** InMail: the subject this variant sends (its own, else the step's). */
  subject?: RenderedText;
}

export interface WalkStep {
  nodeId: string;
  type: string;
  label: string;
  summary: string;
  /** Days after the prospect entered the campaign when this step happens (fractions for hours/minutes). */
  dayOffset: number;
  sends: boolean;
  /** What the step sends; with variants, the first variant's (the control). */
  message?: RenderedText;
  subject?: RenderedText;
  /** Contract 10.1: every variant of the step, one row each (a path never multiplies by variants). */
  variants?: WalkVariant[];
  /** The output taken (branching steps only), and why. */
  outcome?: { handle: string; label: string; decidedBy: 'choice' | 'score' | 'default' };
  /** The edge followed out of this step; absent on the last step. */
  edgeId?: string;
}

export interface WalkResult {
  steps: WalkStep[];
  /** Node and edge ids on the path, for the canvas highlight. */
  nodeIds: string[];
  edgeIds: string[];
  /** True when the walk reached an end step. */
  completed: boolean;
  /** Why the walk stopped early (loop, unconnected output, no start…). */
  note?: string;
  /** Every placeholder missing from the prospect, unique, in order of first use. */
  missingPlaceholders: string[];
  /** Day offset of the last step. */
  totalDays: number;
}

/** Walks are bounded by the graph size; this only guards against pathological input. */
const MAX_STEPS = 2000;

function render(template: string | undefined, fields: Record<string, string>): RenderedText | undefined {
  if (template === undefined) return undefined;
  const { text, missing } = renderTemplate(template, fields);
  return { template, text, missing };
}

/** A step's variants as the prospect gets them: each one's own text (filled in when the field takes placeholders) and subject. */
export function walkVariants(node: Pick<GraphNode, 'type' | 'data'>, fields: Record<string, string>): WalkVariant[] | undefined {
  const versions = sentVersions(node);
  const texts = variantTextsOf(node.type);
  if (!texts || versions[0]?.variant === undefined) return undefined;
  return versions.map(({ variant, data }) => {
    const own = variant!.text;
    const text = FIELDS[texts.text]?.placeholders ? render(own, fields)! : { template: own, text: own, missing: [] };
    const subject = texts.subject !== undefined ? render(subjectText({ type: node.type, data }), fields) : undefined;
    return { variantId: variant!.variantId, label: variant!.label, text, ...(subject ? { subject } : {}) };
  });
}

function pickOutcome(graph: Graph, at: number, choices: WalkChoices): WalkStep['outcome'] {
  const node = graph.nodes[at]!;
  const handles = branchOutputs(node.type);
  if (handles.length === 0) return undefined;
  const names = handles.map((h) => h.name);
  let handle: string;
  let decidedBy: 'choice' | 'score' | 'default';
  if (node.role === 'scoring' && typeof choices.icpScore === 'number' && Number.isFinite(choices.icpScore)) {
    handle = scoreQualifies(node.data, choices.icpScore) ? names[0]! : names[1]!;
    decidedBy = 'score';
  } else if (names.includes(choices.outcomes?.[node.id] ?? '')) {
    handle = choices.outcomes![node.id]!;
    decidedBy = 'choice';
  } else {
    handle = names[0]!;
    decidedBy = 'default';
  }
  return { handle, label: handleLabel(node.type, handle), decidedBy };
}

/** The connection a step leaves by through `handle` (undefined: its single output). */
export const edgeFor = (graph: Graph, at: number, handle: string | undefined): GraphEdge | undefined =>
  graph.outgoing[at]!.find((e) => (handle === undefined ? e.handle === undefined || e.badHandle : e.handle === handle)) ??
  (handle === undefined ? graph.outgoing[at]![0] : undefined);

/** Walks the graph for one prospect and one set of choices. */
export function walkPath(definition: unknown, prospect: SampleProspect, choices: WalkChoices = {}): WalkResult {
  const result: WalkResult = { steps: [], nodeIds: [], edgeIds: [], completed: false, missingPlaceholders: [], totalDays: 0 };
  try {
    const def = definition as { nodes?: unknown; edges?: unknown } | null;
    const nodes = Array.isArray(def?.nodes) ? def.nodes : [];
    const edges = Array.isArray(def?.edges) ? def.edges : [];
    const { graph } = buildGraph(nodes, edges);
    const start = graph.nodes.findIndex((n) => n.role === 'start');
    if (start === -1) return { ...result, note: 'This workflow has no Start step.' };
    const fields = prospect.customFields ?? {};
    const visited = new Set<number>();
    let at = start;
    let day = 0;
    while (result.steps.length < MAX_STEPS) {
      const node = graph.nodes[at]!;
      if (visited.has(at)) return finish(result, `The path loops back to “${node.id}”: a workflow must not contain loops.`);
      visited.add(at);
      const outcome = pickOutcome(graph, at, choices);
      const step: WalkStep = {
        nodeId: node.id,
        type: node.type ?? '',
        label: nodeLabel(node.type),
        summary: stepSummary(node),
        dayOffset: day,
        sends: isSendType(node.type),
      };
      // With variants, the step sends the first one's text where the fields give none of their own.
      const sent = { type: node.type, data: sentVersions(node)[0]!.data };
      const message = render(messageText(sent), fields);
      const subject = render(subjectText(sent), fields);
      const variants = walkVariants(node, fields);
      if (message) step.message = message;
      if (subject) step.subject = subject;
      if (variants) step.variants = variants;
      if (outcome) step.outcome = outcome;
      result.steps.push(step);
      result.nodeIds.push(node.id);
      const texts = [subject, message, ...(variants ?? []).flatMap((v) => [v.subject, v.text])];
      for (const name of texts.flatMap((t) => t?.missing ?? [])) {
        if (!result.missingPlaceholders.includes(name)) result.missingPlaceholders.push(name);
      }
      result.totalDays = day;
      if (node.role === 'end') return { ...result, completed: true };
      const edge = edgeFor(graph, at, outcome?.handle);
      if (!edge) {
        const what = outcome ? `The “${outcome.label}” output of “${node.id}”` : `“${node.id}”`;
        return finish(result, `${what} is not connected to a next step.`);
      }
      if (edge.id !== undefined) {
        step.edgeId = edge.id;
        result.edgeIds.push(edge.id);
      }
      day += waitDays(node, outcome?.handle);
      at = edge.to;
    }
    return finish(result, 'The path is too long to simulate.');
  } catch (error) {
    return finish(result, `The path could not be simulated: ${String(error)}`);
  }
}

const finish = (result: WalkResult, note: string): WalkResult => ({ ...result, completed: false, note });
