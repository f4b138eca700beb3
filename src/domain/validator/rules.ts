import { nodeDefinition, requiredFields } from '../catalog';
import { isWellFormedTemplate, parseTemplate } from '../template';
import type { ValidationContext, Violation } from '../workflow-types';
import { edgesOnCycles, reachableFrom, type Graph, type GraphNode } from './graph';
import { violation } from './violation';

/** Node configuration rules (spec 4.1 rules 9, 10; templates of spec 2.5) and whole-graph rule 11. */

const named = (node: GraphNode): string => `${nodeDefinition(node.type)?.label ?? 'Node'} “${node.id}”`;
const dataPath = (node: GraphNode, key: string): string => `nodes.${node.index}.data.${key}`;

/** Spec 4.1 rule 9: email pushes need a non-blank credential_id and campaign_id. */
export function checkRequiredFields(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    for (const key of requiredFields(node.type)) {
      const value = node.data[key];
      if (typeof value === 'string' && value.trim() !== '') continue;
      out.push(
        violation(
          'email_push_config',
          `${named(node)} needs a ${key === 'credential_id' ? 'credential' : key === 'campaign_id' ? 'campaign' : key} (${key})`,
          { nodeId: node.id, path: dataPath(node, key) },
        ),
      );
    }
  }
  return out;
}

/**
 * Spec 4.1 rule 10: InMail needs a premium seat unless limited to open profiles. A known sender
 * without one is an error; unknown senders (none given, or an empty list) only warn.
 */
export function checkPremiumSeats(graph: Graph, context: ValidationContext | undefined): Violation[] {
  const senders = context?.senders;
  const known = Array.isArray(senders) && senders.length > 0;
  const lacking = known ? senders.filter((s) => s.premium !== true) : [];
  if (known && lacking.length === 0) return [];
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    if (nodeDefinition(node.type)?.needsPremiumSeat !== true || node.data.only_open_profiles === true) continue;
    const path = dataPath(node, 'only_open_profiles');
    if (known) {
      const who = lacking.map((s) => s.accountId).join(', ');
      out.push(
        violation('inmail_premium', `${named(node)} needs a premium seat, which sender ${who} lacks; or send to open profiles only`, {
          nodeId: node.id,
          path,
        }),
      );
    } else {
      out.push(
        violation('inmail_premium', `${named(node)} needs senders with a premium seat, or open profiles only`, {
          nodeId: node.id,
          path,
          severity: 'warning',
        }),
      );
    }
  }
  return out;
}

/**
 * Contract 5 template_invalid on `message_template` (error). `subject` (InMail) is filled the same
 * way in practice, but the contract names only message_template, so a bad subject only warns.
 */
export function checkTemplates(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    for (const key of ['message_template', 'subject'] as const) {
      const text = node.data[key];
      if (typeof text !== 'string' || isWellFormedTemplate(text)) continue;
      const { errors } = parseTemplate(text);
      if (errors.length === 0) continue;
      const first = errors[0]!;
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
      out.push(
        violation('template_invalid', `${key}: ${first.message} at character ${first.index + 1}${more}`, {
          nodeId: node.id,
          path: dataPath(node, key),
          severity: key === 'message_template' ? 'error' : 'warning',
        }),
      );
    }
  }
  return out;
}

/** Spec 4.1 rule 11: no cycles (every edge on one is reported) and no nodes unreachable from start. */
export function checkShape(graph: Graph, starts: readonly number[]): Violation[] {
  const out: Violation[] = [];
  for (const e of edgesOnCycles(graph)) {
    const from = graph.nodes[e.from]!;
    const to = graph.nodes[e.to]!;
    const message =
      e.from === e.to ? `${named(from)} is connected to itself` : `This edge from “${from.id}” to “${to.id}” is part of a loop`;
    out.push(violation('cycle', message, { edgeId: e.id, nodeId: e.from === e.to ? from.id : undefined, handle: e.handle }));
  }
  // Without a start, start_count says it all; flagging every node as unreachable would only add noise.
  if (starts.length === 0) return out;
  const reached = reachableFrom(graph, starts);
  graph.nodes.forEach((n, i) => {
    if (!reached[i]) out.push(violation('unreachable_node', `${named(n)} cannot be reached from Start`, { nodeId: n.id }));
  });
  return out;
}
