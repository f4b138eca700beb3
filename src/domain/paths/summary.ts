import { branchOutputs, HANDLE } from '../catalog';
import { excerpt } from '../catalog/define';
import { buildGraph, edgesOnCycles, type Graph, type GraphNode } from '../validator';
import { stepVariants, variantLetters } from '../variants';
import { formatDays, handleLabel, isSendType, messageText, nodeLabel, scoreCondition, stepSummary, waitDays } from './describe';

/**
 * Plain-language summaries of every path from start to an end (launch review, spec 3.1: the
 * saved graph is inspected before launch). Graphs are DAGs when valid; on anything else the
 * walk stops a path at a loop or an unconnected output and says so. Never throws.
 */

export interface PathHop {
  nodeId: string;
  /** The output taken (branching steps). */
  handle?: string;
  /** The edge followed out of this step; absent on the last hop. */
  edgeId?: string;
}

export interface PathSummary {
  /** "Invite with a note “Hi {{firstName}}…” → if accepted: message “Thanks…” → if they reply: end". */
  text: string;
  hops: PathHop[];
  /** How many steps on this path send something (contract 5 sends). */
  sends: number;
  /** Days from entering the campaign to the last step. */
  days: number;
  ending: 'end' | 'loop' | 'unconnected';
}

export interface PathSummaries {
  paths: PathSummary[];
  /** Every path from start, including those beyond the cap. */
  total: number;
  /** "…and 12 more paths" when capped, else undefined. */
  more?: string;
  /** Set when the graph has no start step. */
  note?: string;
}

const DEFAULT_MAX_PATHS = 50;

/** Guards the enumeration of graphs with loops, whose path counts cannot be computed exactly. */
const MAX_ENUMERATED = 5000;

interface Branch {
  handle?: string;
  edge?: Graph['edges'][number];
}

/** Where a step can go next: one branch per output (an unconnected output is a branch with no edge). */
function branchesOf(graph: Graph, at: number): Branch[] {
  const node = graph.nodes[at]!;
  if (node.role === 'end') return [];
  const handles = branchOutputs(node.type);
  const out = graph.outgoing[at]!;
  if (handles.length === 0) return out.length === 0 ? [{}] : out.map((edge) => ({ edge }));
  return handles.flatMap((h) => {
    const edges = out.filter((e) => e.handle === h.name);
    return edges.length === 0 ? [{ handle: h.name }] : edges.map((edge) => ({ handle: h.name, edge }));
  });
}

/** Paths from each node to a terminal, counted once per node (exact on DAGs). */
function countPaths(graph: Graph, start: number): number {
  const memo = new Map<number, number>();
  // Iterative post-order to stay clear of recursion limits on 500-step chains.
  const stack: Array<{ at: number; expanded: boolean }> = [{ at: start, expanded: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (memo.has(top.at)) {
      stack.pop();
      continue;
    }
    const branches = branchesOf(graph, top.at);
    if (!top.expanded) {
      top.expanded = true;
      for (const b of branches) if (b.edge && !memo.has(b.edge.to)) stack.push({ at: b.edge.to, expanded: false });
      continue;
    }
    stack.pop();
    memo.set(top.at, branches.length === 0 ? 1 : branches.reduce((sum, b) => sum + (b.edge ? (memo.get(b.edge.to) ?? 1) : 1), 0));
  }
  return memo.get(start) ?? 1;
}

/** "Message" → "message" mid-sentence; names like "InMail", "WhatsApp message", "AI-enhanced" keep their case. */
const inSentence = (label: string): string => (/^[A-Z][a-z]*(\s|$)/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const quoted = (text: string | undefined, max = 36): string => (text ? ` “${excerpt(text, max)}”` : '');

/** Contract 10.1: "A/B (“Short” or “Warm”)" for a step whose text has variants; undefined without. */
function variantPhrase(node: GraphNode): string | undefined {
  const variants = stepVariants(node);
  if (!variants) return undefined;
  const labels = variants.map((v) => `“${excerpt(v.label, 20)}”`);
  return `${variantLetters(variants)} (${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]})`;
}

/** What a step does, in a few words; empty for steps that only route (start, scoring). */
function stepPhrase(graph: Graph, at: number): string {
  const node = graph.nodes[at]!;
  switch (node.role) {
    case 'start':
    case 'scoring':
      return '';
    case 'end':
      return 'end';
    case 'invitation': {
      const note = messageText(node);
      const variants = variantPhrase(node);
      if (variants) return `invite with note ${variants}`;
      return note === undefined ? 'invite without a note' : `invite with a note${quoted(note)}`;
    }
    case 'withdrawal':
      return 'withdraw the invitation';
    case 'delay':
      return `wait ${formatDays(waitDays(node, undefined))}`;
    case 'email_push': {
      const campaign = typeof node.data.campaign_id === 'string' ? node.data.campaign_id : '';
      return `${inSentence(nodeLabel(node.type))}${quoted(campaign, 28)}`;
    }
    default: {
      const text = messageText(node);
      const name = inSentence(nodeLabel(node.type));
      const variants = variantPhrase(node);
      if (variants) return `${name} ${variants}`;
      if (text !== undefined) return `${name}${quoted(text)}`;
      const summary = stepSummary(node);
      return summary ? `${name} (${summary})` : name;
    }
  }
}

/** The condition under which an output is taken: "if accepted", "if no reply in 3 days". */
function conditionPhrase(graph: Graph, at: number, handle: string): string {
  const node = graph.nodes[at]!;
  const wait = waitDays(node, handle);
  if (node.role === 'scoring') return `if the ICP score is ${scoreCondition(node.data, handle === HANDLE.qualified)}`;
  if (handle === HANDLE.replied) return 'if they reply';
  if (wait > 0) return `if ${handleLabel(node.type, handle).toLowerCase()} in ${formatDays(wait)}`;
  return `if ${handleLabel(node.type, handle).toLowerCase()}`;
}

function describe(
  graph: Graph,
  hops: readonly number[],
  handles: ReadonlyArray<string | undefined>,
  ending: PathSummary['ending'],
): string {
  const parts: string[] = [];
  let pending: string | undefined;
  hops.forEach((at, i) => {
    const phrase = stepPhrase(graph, at);
    if (phrase) {
      parts.push(pending ? `${pending}: ${phrase}` : phrase);
      pending = undefined;
    }
    const handle = handles[i];
    if (handle !== undefined) pending = pending ? `${pending}, ${conditionPhrase(graph, at, handle)}` : conditionPhrase(graph, at, handle);
  });
  if (ending === 'loop') parts.push(`${pending ? `${pending}: ` : ''}loops back to an earlier step`);
  else if (ending === 'unconnected') parts.push(`${pending ? `${pending}: ` : ''}nothing is connected (the path stops here)`);
  else if (pending) parts.push(`${pending}: end`);
  return capitalize(parts.join(' → '));
}

/** Summaries of the paths from start, at most `maxPaths` of them. */
export function summarizePaths(definition: unknown, maxPaths = DEFAULT_MAX_PATHS): PathSummaries {
  try {
    const def = definition as { nodes?: unknown; edges?: unknown } | null;
    const { graph } = buildGraph(Array.isArray(def?.nodes) ? def.nodes : [], Array.isArray(def?.edges) ? def.edges : []);
    const start = graph.nodes.findIndex((n) => n.role === 'start');
    if (start === -1) return { paths: [], total: 0, note: 'This workflow has no Start step.' };
    const acyclic = edgesOnCycles(graph).length === 0;
    const paths: PathSummary[] = [];
    let enumerated = 0;
    const nodes: number[] = [];
    const handles: Array<string | undefined> = [];
    const edgeIds: Array<string | undefined> = [];
    const onPath = new Set<number>();
    const emit = (ending: PathSummary['ending'], days: number) => {
      enumerated++;
      if (paths.length >= maxPaths) return;
      const hops: PathHop[] = nodes.map((at, i) => ({
        nodeId: graph.nodes[at]!.id,
        ...(handles[i] !== undefined ? { handle: handles[i] } : {}),
        ...(edgeIds[i] !== undefined ? { edgeId: edgeIds[i] } : {}),
      }));
      const sends = nodes.filter((at) => isSendType(graph.nodes[at]!.type)).length;
      paths.push({ text: describe(graph, nodes, handles, ending), hops, sends, days, ending });
    };
    // Depth first, branches in catalog order (positive outcome first); stops collecting at the cap.
    const visit = (at: number, days: number): void => {
      if (paths.length >= maxPaths && (acyclic || enumerated >= MAX_ENUMERATED)) return;
      nodes.push(at);
      onPath.add(at);
      const branches = branchesOf(graph, at);
      if (branches.length === 0) {
        handles.push(undefined);
        edgeIds.push(undefined);
        emit('end', days);
        handles.pop();
        edgeIds.pop();
      }
      for (const b of branches) {
        handles.push(b.handle);
        edgeIds.push(b.edge?.id);
        if (!b.edge) emit('unconnected', days);
        else if (onPath.has(b.edge.to)) emit('loop', days);
        else visit(b.edge.to, days + waitDays(graph.nodes[at]!, b.handle));
        handles.pop();
        edgeIds.pop();
      }
      nodes.pop();
      onPath.delete(at);
    };
    visit(start, 0);
    const total = acyclic ? countPaths(graph, start) : enumerated;
    const extra = total - paths.length;
    const more =
      extra > 0 ? `…and ${acyclic ? extra.toLocaleString('en-US') : `at least ${extra}`} more path${extra === 1 ? '' : 's'}` : undefined;
    return { paths, total, ...(more ? { more } : {}) };
  } catch (error) {
    return { paths: [], total: 0, note: `The paths could not be summarised: ${String(error)}` };
  }
}
