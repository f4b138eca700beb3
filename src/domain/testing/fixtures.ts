import { CATALOG, type NodeData, type NodeType } from '../catalog';
import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../workflow-types';

/**
 * Graph builders for tests and benchmarks on every side (domain, server, app). Every named
 * graph below is valid by construction: validateWorkflow reports no errors for it (the
 * InMail graph carries one rule-10 warning when senders are unknown).
 */

/** Data an email push needs to pass spec 4.1 rule 9. */
const EMAIL_PUSH_CONFIG = { credential_id: 'cred_demo', campaign_id: 'ext_campaign_1' } as const;

/** A node with its catalog defaults, overridden by `data`; laid out on a simple grid. */
export function node(id: string, type: NodeType, data: NodeData = {}, position = { x: 0, y: 0 }): WorkflowNode {
  const base = CATALOG[type].role === 'email_push' ? { ...CATALOG[type].defaults(), ...EMAIL_PUSH_CONFIG } : CATALOG[type].defaults();
  return { id, type, position: { ...position }, data: { ...base, ...data } };
}

/** An edge; its id defaults to `e_<source>_<handle or next>` (unique while each output has one edge). */
export function edge(source: string, target: string, sourceHandle?: string, id?: string): WorkflowEdge {
  const e: WorkflowEdge = { id: id ?? `e_${source}_${sourceHandle ?? 'next'}`, source, target };
  if (sourceHandle !== undefined) e.sourceHandle = sourceHandle;
  return e;
}

/** Spreads nodes over columns of 8 so the canvas shows something readable. */
export function layout(def: WorkflowDefinition): WorkflowDefinition {
  def.nodes.forEach((n, i) => {
    n.position = { x: (i % 8) * 280, y: Math.floor(i / 8) * 160 };
  });
  return def;
}

const graph = (nodes: WorkflowNode[], edges: WorkflowEdge[]): WorkflowDefinition => layout({ nodes, edges });

/** Spec 3.3: a connection-only graph wires accepted and no_response both to one end. */
export function connectionOnlyGraph(): WorkflowDefinition {
  return graph(
    [node('start', 'start'), node('invite', 'connection_request'), node('end', 'end')],
    [edge('start', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
  );
}

/** Contract 10.1: an A/B invitation note, and a thank-you message testing two texts in the same group. */
export function variantGraph(): WorkflowDefinition {
  const g = scoredFollowUpGraph();
  Object.assign(g.nodes.find((n) => n.id === 'invite')!.data, {
    variants: [
      { variantId: 'a', label: 'Short', text: 'Hi {{firstName}}, shall we connect?' },
      { variantId: 'b', label: 'Warm', text: 'Hi {{firstName}}, I enjoyed your post about {{company}}. Shall we connect?' },
    ],
    variantGroup: 'tone',
  });
  Object.assign(g.nodes.find((n) => n.id === 'thanks')!.data, {
    variants: [
      { variantId: 'a', label: 'Short', text: 'Thanks, {{firstName}}!' },
      { variantId: 'b', label: 'Warm', text: 'Thanks for connecting, {{firstName}}. How is {{company}} doing?' },
    ],
    variantGroup: 'tone',
  });
  return g;
}

/** Scoring, a message with one follow-up after acceptance, and withdrawal on no response. */
export function scoredFollowUpGraph(): WorkflowDefinition {
  return graph(
    [
      node('start', 'start'),
      node('score', 'icp_scoring'),
      node('invite', 'connection_request'),
      node('thanks', 'message'),
      node('follow_up', 'template_message', { message_template: 'Any thoughts, {{firstName}}?' }),
      node('withdraw', 'cancel_invitation'),
      node('end', 'end'),
      node('end_unqualified', 'end'),
    ],
    [
      edge('start', 'score'),
      edge('score', 'invite', 'qualified'),
      edge('score', 'end_unqualified', 'not_qualified'),
      edge('invite', 'thanks', 'accepted'),
      edge('invite', 'withdraw', 'no_response'),
      edge('withdraw', 'end'),
      edge('thanks', 'end', 'replied'),
      edge('thanks', 'follow_up', 'no_reply'),
      edge('follow_up', 'end', 'replied'),
      edge('follow_up', 'end', 'no_reply'),
    ],
  );
}

/** Spec 3.3: no_response falls back to an InMail (open profiles only, so no premium seat is needed). */
export function inmailFallbackGraph(): WorkflowDefinition {
  return graph(
    [
      node('start', 'start'),
      node('score', 'icp_scoring'),
      node('invite', 'connection_request'),
      node('thanks', 'message'),
      node('inmail', 'inmail', { only_open_profiles: true }),
      node('end', 'end'),
    ],
    [
      edge('start', 'score'),
      edge('score', 'invite', 'qualified'),
      edge('score', 'end', 'not_qualified'),
      edge('invite', 'thanks', 'accepted'),
      edge('invite', 'inmail', 'no_response'),
      edge('thanks', 'end', 'replied'),
      edge('thanks', 'end', 'no_reply'),
      edge('inmail', 'end', 'replied'),
      edge('inmail', 'end', 'no_reply'),
    ],
  );
}

/** Spec 3.3: no_response pushes the prospect into an external email campaign. */
export function emailPushFallbackGraph(): WorkflowDefinition {
  return graph(
    [
      node('start', 'start'),
      node('invite', 'connection_request'),
      node('thanks', 'enhanced_message'),
      node('push', 'email_campaign_push_1'),
      node('end', 'end'),
    ],
    [
      edge('start', 'invite'),
      edge('invite', 'thanks', 'accepted'),
      edge('invite', 'push', 'no_response'),
      edge('push', 'end'),
      edge('thanks', 'end', 'replied'),
      edge('thanks', 'end', 'no_reply'),
    ],
  );
}

/**
 * start → connection request → accepted → a chain of follow-up messages → end, every replied
 * to end. `nodeCount` nodes (≥ 3) and 2·nodeCount − 3 edges: followUpChain(500) has 997 edges.
 */
export function followUpChain(nodeCount = 500): WorkflowDefinition {
  if (!Number.isInteger(nodeCount) || nodeCount < 3) throw new RangeError('followUpChain needs at least 3 nodes');
  const messages = nodeCount - 3;
  const nodes = [node('start', 'start'), node('invite', 'connection_request'), node('end', 'end')];
  const edges = [edge('start', 'invite'), edge('invite', 'end', 'no_response')];
  let previous = { id: 'invite', handle: 'accepted' };
  for (let i = 1; i <= messages; i++) {
    const id = `follow_up_${i}`;
    nodes.push(node(id, 'message', { message_template: `Hi {{firstName}}, follow-up ${i}.` }));
    edges.push(edge(previous.id, id, previous.handle), edge(id, 'end', 'replied'));
    previous = { id, handle: 'no_reply' };
  }
  edges.push(edge(previous.id, 'end', previous.handle));
  return graph(nodes, edges);
}

/**
 * A broken graph at the size limits: followUpChain(500) plus back edges from late follow-ups
 * to earlier ones until there are `edgeCount` edges (cycles and duplicate outputs everywhere).
 * Schema-valid, so it measures the graph rules at full size.
 */
export function denseInvalidGraph(edgeCount = 2000): WorkflowDefinition {
  const def = followUpChain(500);
  const messages = 497;
  for (let k = 0; def.edges.length < edgeCount; k++) {
    const from = 1 + ((k * 7919) % messages);
    const to = 1 + ((k * 104729 + 13) % messages);
    def.edges.push(edge(`follow_up_${from}`, `follow_up_${to}`, k % 2 === 0 ? 'no_reply' : 'replied', `back_${k}`));
  }
  return def;
}

/**
 * start → a Delay with no duration (its one launch-blocking warning; the catalog's default amount is
 * left out, as JSON leaves an undefined field out) → connection request → end.
 */
export function delayWithoutDurationGraph(): WorkflowDefinition {
  const wait = node('wait', 'delay', { delay_type: 'days' }, { x: 0, y: 160 });
  delete wait.data.delay_amount;
  return {
    nodes: [
      node('start', 'start'),
      wait,
      node('invite', 'connection_request', {}, { x: 0, y: 320 }),
      node('end', 'end', {}, { x: 0, y: 520 }),
    ],
    edges: [edge('start', 'wait'), edge('wait', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
  };
}

/** Deep copy, so tests can mutate a fixture freely. */
export const cloneGraph = (def: WorkflowDefinition): WorkflowDefinition => structuredClone(def);

/** 100 KiB of message text with 20,000 placeholders, then 20,000 unopened `}}` and 20,000 unclosed `{{` (template reading at size). */
export const LONG_BROKEN_TEMPLATE = '{{a}}'.repeat(20_000) + '}}'.repeat(20_000) + '{{'.repeat(20_000);
