import { expect } from 'vitest';
import type { ViolationCase } from './violation-cases';
import { find } from './case-helpers';
import { connectionOnlyGraph, denseInvalidGraph, followUpChain, node, scoredFollowUpGraph } from './fixtures';

/** Section 2 of the spec: field types and bounds, node types, counts, ids, edge ends. */
export const STRUCTURE_CASES: ViolationCase[] = [
  {
    code: 'invalid_field',
    name: 'icpThreshold over 100',
    broken: () => {
      const g = scoredFollowUpGraph();
      find(g, 'score').data.icpThreshold = 101;
      return g;
    },
    fixed: () => {
      const g = scoredFollowUpGraph();
      find(g, 'score').data.icpThreshold = 100;
      return g;
    },
    expected: { nodeId: 'score', path: 'nodes.1.data.icpThreshold', rule: '2' },
  },
  {
    code: 'invalid_field',
    name: 'reply_wait_days of 0',
    broken: () => {
      const g = scoredFollowUpGraph();
      find(g, 'thanks').data.reply_wait_days = 0;
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.reply_wait_days' },
  },
  {
    code: 'invalid_field',
    name: 'icpThreshold bound holds on any node (contract 5)',
    broken: () => {
      const g = connectionOnlyGraph();
      find(g, 'end').data.icpThreshold = -1;
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'end', path: 'nodes.2.data.icpThreshold' },
  },
  {
    code: 'invalid_field',
    name: 'non-finite position',
    broken: () => ({
      ...connectionOnlyGraph(),
      nodes: connectionOnlyGraph().nodes.map((n, i) => (i === 1 ? { ...n, position: { x: '1', y: 0 } } : n)),
    }),
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', path: 'nodes.1.position.x' },
  },
  {
    code: 'invalid_field',
    name: 'extra top-level property',
    broken: () => ({ ...connectionOnlyGraph(), viewport: { zoom: 1 } }),
    fixed: connectionOnlyGraph,
    expected: { path: 'viewport' },
  },
  {
    code: 'invalid_field',
    name: 'data is an array',
    broken: () => {
      const g = connectionOnlyGraph();
      (find(g, 'invite') as { data: unknown }).data = [];
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', path: 'nodes.1.data' },
  },
  {
    code: 'invalid_field',
    name: 'sourceHandle not a string',
    broken: () => {
      const g = connectionOnlyGraph();
      (g.edges[1] as { sourceHandle: unknown }).sourceHandle = 1;
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { edgeId: 'e_invite_accepted', path: 'edges.1.sourceHandle' },
  },
  {
    code: 'unknown_node_type',
    name: 'cancel_connection_request',
    broken: () => {
      const g = scoredFollowUpGraph();
      find(g, 'withdraw').type = 'cancel_connection_request';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'withdraw', path: 'nodes.5.type', message: expect.stringContaining('cancel_invitation') },
  },
  {
    code: 'node_count',
    name: 'no nodes',
    broken: () => ({ nodes: [], edges: [] }),
    fixed: connectionOnlyGraph,
    expected: { path: 'nodes' },
  },
  { code: 'node_count', name: '501 nodes', broken: () => followUpChain(501), fixed: () => followUpChain(500) },
  {
    code: 'edge_count',
    name: '2001 edges',
    broken: () => denseInvalidGraph(2001),
    fixed: () => denseInvalidGraph(2000),
    fixedIsValid: false,
    expected: { path: 'edges' },
  },
  {
    code: 'duplicate_node_id',
    name: 'two nodes named end',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes.push(node('end', 'end'));
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'end', path: 'nodes.3.id' },
  },
  {
    code: 'duplicate_edge_id',
    name: 'two edges with one id',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges[2]!.id = g.edges[1]!.id;
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { edgeId: 'e_invite_accepted', path: 'edges.2.id' },
  },
  {
    code: 'edge_unknown_node',
    name: 'edge into a missing node',
    broken: () => {
      const g = connectionOnlyGraph();
      g.edges[2]!.target = 'ghost';
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { edgeId: 'e_invite_no_response', path: 'edges.2.target' },
  },
];
