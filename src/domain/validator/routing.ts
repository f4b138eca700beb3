import { branchHandles, FIELDS, HANDLE, isBranching, isSend, nodeDefinition } from '../catalog';
import type { Violation } from '../workflow-types';
import { reachableFrom, type Graph, type GraphEdge, type GraphNode } from './graph';
import { outputLabel, outputLabels, stepName } from './names';
import { violation } from './violation';

/**
 * Graph rules about how nodes are wired: spec 4.1 rules 1–7, 11 and 12 and the routing table
 * of spec 3.3. Each check is one pass over nodes or edges, or one breadth-first walk.
 */

/** Rule 4 (connection request), rule 6 (message types), else rule 11 (no dangling outputs). */
function outputRule(node: GraphNode, code: 'missing_output' | 'duplicate_output'): string {
  if (node.role === 'invitation') return '4.1.4';
  if (node.role === 'awaits_reply') return '4.1.6';
  if (node.role === 'scoring') return '4.1.2';
  return code === 'missing_output' ? '4.1.11' : '2'; // spec 2.4: one edge per output handle
}

/** Spec 4.1 rule 1 / contract 5 start_*: exactly one start, nothing enters it, one edge out to a non-end. */
export function checkStart(graph: Graph, starts: readonly GraphNode[]): Violation[] {
  const out: Violation[] = [];
  if (starts.length === 0) out.push(violation('start_count', 'The workflow needs one Start step'));
  starts.slice(1).forEach((s) => out.push(violation('start_count', 'Only one Start step is allowed: remove this one', { nodeId: s.id })));
  for (const start of starts) {
    const at = graph.indexOf.get(start.id)!;
    for (const e of graph.incoming[at]!)
      out.push(violation('start_incoming', 'Nothing may lead into Start', { edgeId: e.id, nodeId: start.id }));
    const edges = graph.outgoing[at]!;
    if (edges.length === 0) out.push(violation('start_target', 'Connect Start to the first step', { nodeId: start.id }));
    edges
      .slice(1)
      .forEach((e) =>
        out.push(violation('start_target', 'Start has exactly one connection: remove this one', { edgeId: e.id, nodeId: start.id })),
      );
    for (const e of edges) {
      if (graph.nodes[e.to]!.role === 'end')
        out.push(violation('start_target', 'Start must lead to a step, not straight to End', { edgeId: e.id, nodeId: start.id }));
    }
  }
  return out;
}

/** Spec 4.1 rules 1–3: at most one icp_scoring, right after start, not_qualified to end, no send around it. */
export function checkScoring(graph: Graph, starts: readonly number[]): Violation[] {
  const out: Violation[] = [];
  const scorings = graph.nodes.filter((n) => n.role === 'scoring');
  scorings
    .slice(1)
    .forEach((s) => out.push(violation('scoring_count', 'Only one ICP scoring step is allowed: remove this one', { nodeId: s.id })));
  for (const scoring of scorings) {
    const at = graph.indexOf.get(scoring.id)!;
    const into = graph.incoming[at]!;
    if (!into.some((e) => graph.nodes[e.from]!.role === 'start')) {
      out.push(violation('scoring_position', 'ICP scoring must come directly after Start', { nodeId: scoring.id }));
    }
    for (const e of into) {
      if (graph.nodes[e.from]!.role !== 'start')
        out.push(violation('scoring_position', 'Only Start may lead into ICP scoring', { nodeId: scoring.id, edgeId: e.id }));
    }
    for (const e of graph.outgoing[at]!) {
      if (e.handle === HANDLE.notQualified && graph.nodes[e.to]!.role !== 'end') {
        out.push(
          violation('not_qualified_target', 'Connect “Not qualified” straight to End: nothing is sent to prospects who do not qualify', {
            nodeId: scoring.id,
            edgeId: e.id,
            handle: e.handle,
          }),
        );
      }
    }
  }
  // Optional scoring (rules 1, 8): without a scoring node there is nothing to bypass.
  if (scorings.length === 0 || starts.length === 0) return out;
  const passesScoring = (e: GraphEdge): boolean => graph.nodes[e.from]!.role === 'scoring' && e.handle === HANDLE.qualified;
  const unscored = reachableFrom(graph, starts, passesScoring);
  graph.nodes.forEach((n, i) => {
    if (unscored[i] && isSend(n.type)) {
      out.push(
        violation('scoring_bypassed', `${stepName(graph, n)} can be reached without passing ICP scoring’s “Qualified” output`, {
          nodeId: n.id,
        }),
      );
    }
  });
  return out;
}

/** Spec 4.1 rules 4, 6, 11, 12: handle names, one edge per output, no dangling output, nothing out of End. */
export function checkOutputs(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (let at = 0; at < graph.nodes.length; at++) checkNodeOutputs(graph, at, out);
  return out;
}

function checkNodeOutputs(graph: Graph, at: number, out: Violation[]): void {
  const node = graph.nodes[at]!;
  const def = nodeDefinition(node.type);
  if (!def) return; // unknown types are reported once, as unknown_node_type
  const edges = graph.outgoing[at]!;
  // The common case, said at once: one unnamed connection out of a single-output step.
  if (def.outputs.kind === 'single' && edges.length === 1 && edges[0]!.handle === undefined) return;
  if (def.outputs.kind === 'none') {
    for (const e of edges)
      out.push(violation('end_outgoing', 'End is the last step: nothing leaves it', { nodeId: node.id, edgeId: e.id }));
    return;
  }
  if (def.outputs.kind === 'single') {
    for (const e of edges) {
      if (e.handle !== undefined)
        out.push(
          violation('unexpected_source_handle', `${stepName(graph, node)} has a single output: this connection must not name one`, {
            nodeId: node.id,
            edgeId: e.id,
            handle: e.handle,
          }),
        );
    }
    if (node.role === 'start') return; // start's edge count has its own rule (start_target)
    if (edges.length === 0)
      out.push(
        violation('missing_output', `Connect the output of ${stepName(graph, node)}`, {
          nodeId: node.id,
          rule: outputRule(node, 'missing_output'),
        }),
      );
    edges.slice(1).forEach((e) =>
      out.push(
        violation('duplicate_output', `${stepName(graph, node)} has one output, so one connection: remove this one`, {
          nodeId: node.id,
          edgeId: e.id,
          rule: outputRule(node, 'duplicate_output'),
        }),
      ),
    );
    return;
  }
  const handles = branchHandles(node.type);
  const used = new Array<number>(handles.length).fill(0);
  for (const e of edges) {
    if (e.handle === undefined) {
      if (!e.badHandle)
        out.push(
          violation(
            'missing_source_handle',
            `Say which output of ${stepName(graph, node)} this connection leaves by: ${outputLabels(node.type, 'or')}`,
            {
              nodeId: node.id,
              edgeId: e.id,
            },
          ),
        );
      continue;
    }
    const slot = handles.indexOf(e.handle);
    if (slot === -1) {
      out.push(
        violation(
          'unknown_source_handle',
          `This connection leaves ${stepName(graph, node)} by an output it does not have: use ${outputLabels(node.type, 'or')}`,
          {
            nodeId: node.id,
            edgeId: e.id,
            handle: e.handle,
          },
        ),
      );
    } else if (++used[slot]! > 1) {
      const handle = e.handle;
      out.push(
        violation(
          'duplicate_output',
          `The “${outputLabel(node.type, handle)}” output of ${stepName(graph, node)} has more than one connection`,
          {
            nodeId: node.id,
            edgeId: e.id,
            handle,
            rule: outputRule(node, 'duplicate_output'),
          },
        ),
      );
    }
  }
  handles.forEach((handle, slot) => {
    if (used[slot] === 0)
      out.push(
        violation('missing_output', `Connect the “${outputLabel(node.type, handle)}” output of ${stepName(graph, node)}`, {
          nodeId: node.id,
          handle,
          rule: outputRule(node, 'missing_output'),
        }),
      );
  });
}

/** Spec 3.3 routing and spec 4.1 rules 5–7: where withdrawal, replied and no_reply may lead. */
export function checkRouting(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const e of graph.edges) {
    const from = graph.nodes[e.from]!;
    const to = graph.nodes[e.to]!;
    // Rule 5: an accepted invitation is never withdrawn, so withdrawal is entered only from no_response.
    if (to.role === 'withdrawal' && !(from.role === 'invitation' && e.handle === HANDLE.noResponse)) {
      out.push(
        violation('withdraw_after_accept', 'Withdraw invitation may only follow a connection request’s “No response” output', {
          nodeId: to.id,
          edgeId: e.id,
        }),
      );
    }
    if (from.role !== 'awaits_reply' || !isBranching(from.type)) continue;
    // Rule 6: a reply ends the sequence.
    if (e.handle === HANDLE.replied && to.role !== 'end') {
      out.push(
        violation('replied_target', `When the prospect replies to ${stepName(graph, from)}, the sequence ends: connect “Replied” to End`, {
          nodeId: from.id,
          edgeId: e.id,
          handle: e.handle,
        }),
      );
    }
    // Rule 7: no_reply already waits reply_wait_days.
    if (e.handle === HANDLE.noReply && to.role === 'delay') {
      out.push(
        violation(
          'redundant_delay',
          `“No reply” already waits (${FIELDS.reply_wait_days!.label} on ${stepName(graph, from)}): set the wait there instead of adding ${stepName(graph, to)}`,
          { nodeId: to.id, edgeId: e.id, handle: e.handle },
        ),
      );
    }
  }
  return out;
}
