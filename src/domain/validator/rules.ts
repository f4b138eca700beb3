import { FIELDS, nodeDefinition } from '../catalog';
import { isWellFormedTemplate, parseTemplate } from '../template';
import type { ValidationContext, Violation } from '../workflow-types';
import { edgesOnCycles, reachableFrom, type Graph, type GraphNode } from './graph';
import { senderNames, stepName } from './names';
import { requiredFieldsOf } from './type-fields';
import { textPath, textsToCheck } from './variants';
import { violation } from './violation';

/** Node configuration rules (spec 4.1 rules 9, 10; templates of spec 2.5) and whole-graph rule 11. */

const dataPath = (node: GraphNode, key: string): string => `nodes.${node.index}.data.${key}`;

/** Spec 4.1 rule 9: email pushes need a non-blank credential_id and campaign_id. */
export function checkRequiredFields(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    for (const key of requiredFieldsOf(node.type)) {
      const value = node.data[key];
      if (typeof value === 'string' && value.trim() !== '') continue;
      out.push(
        violation('email_push_config', `Choose the ${(FIELDS[key]?.label ?? 'setting').toLowerCase()} of ${stepName(graph, node)}`, {
          nodeId: node.id,
          path: dataPath(node, key),
        }),
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
      const who = senderNames(lacking);
      out.push(
        violation(
          'inmail_premium',
          `${stepName(graph, node)} needs a premium seat, which ${who} lacks: send to open profiles only, or use senders with a seat`,
          {
            nodeId: node.id,
            path,
          },
        ),
      );
    } else {
      out.push(
        violation('inmail_premium', `${stepName(graph, node)} needs senders with a premium seat, or open profiles only`, {
          nodeId: node.id,
          path,
          severity: 'warning',
        }),
      );
    }
  }
  return out;
}

const MAX_LISTED = 20;

/** Fields holding message templates (the field table's `placeholders`). */
const TEMPLATE_FIELDS = Object.values(FIELDS)
  .filter((f) => f.placeholders === true)
  .map((f) => f.key);

const malformed = (text: string): boolean => !isWellFormedTemplate(text);

/**
 * Contract 5 template_invalid on `message_template` (error), listing every problem of the text. The
 * other template fields (InMail subject, search query) are filled the same way, but the contract
 * names only message_template, so there a bad placeholder only warns.
 */
export function checkTemplates(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    for (const checked of textsToCheck(node, TEMPLATE_FIELDS, malformed)) {
      const { key, text, variant } = checked;
      const { errors } = parseTemplate(text);
      if (errors.length === 0) continue;
      // Every problem is listed; only a pathological text is cut, after MAX_LISTED of them.
      const listed = errors.slice(0, MAX_LISTED).map((e) => `${e.message} (at character ${e.index + 1})`);
      if (errors.length > MAX_LISTED) listed.push(`${errors.length - MAX_LISTED} more problems after these`);
      const problems = listed.join('; ');
      out.push(
        violation('template_invalid', `${variant ? `${variant.name}, ` : ''}${FIELDS[key]!.label}: ${problems}`, {
          nodeId: node.id,
          path: textPath(node, checked),
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
      e.from === e.to
        ? `${stepName(graph, from)} is connected to itself`
        : `This connection from ${stepName(graph, from)} to ${stepName(graph, to)} is part of a loop`;
    out.push(violation('cycle', message, { edgeId: e.id, nodeId: e.from === e.to ? from.id : undefined, handle: e.handle }));
  }
  // Without a start, start_count says it all; flagging every node as unreachable would only add noise.
  if (starts.length === 0) return out;
  const reached = reachableFrom(graph, starts);
  graph.nodes.forEach((n, i) => {
    if (!reached[i]) out.push(violation('unreachable_node', `${stepName(graph, n)} cannot be reached from Start`, { nodeId: n.id }));
  });
  return out;
}
