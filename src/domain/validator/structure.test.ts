import { describe, expect, it } from 'vitest';
import { find } from '../testing/case-helpers';
import { connectionOnlyGraph, denseInvalidGraph } from '../testing/fixtures';
import type { Violation } from '../workflow-types';
import { validateWorkflow } from './index';

/**
 * Spec section 2 as a client reads it: what a malformed definition is told, where, and that the
 * graph rules never add noise about parts the schema already refused.
 */

type Loose = Record<string, unknown>;
const field = (message: string, where: Partial<Violation>): Violation => ({
  code: 'invalid_field',
  rule: '2',
  severity: 'error',
  message,
  ...where,
});
/** connectionOnlyGraph (start → invite → end, accepted and no_response) with one part replaced. */
const withNode = (index: number, edit: (n: Loose) => void) => {
  const g = connectionOnlyGraph();
  edit(g.nodes[index] as unknown as Loose);
  return g;
};
const withEdge = (index: number, edit: (e: Loose) => void) => {
  const g = connectionOnlyGraph();
  edit(g.edges[index] as unknown as Loose);
  return g;
};
/** edge_unknown_node at one end of the connection at `index`. */
function dangling(end: 'source' | 'target', index: number, edgeId: string): Violation {
  const message =
    end === 'source' ? 'This connection starts at a step that does not exist' : 'This connection leads to a step that does not exist';
  return { code: 'edge_unknown_node', rule: '2', severity: 'error', message, edgeId, path: `edges.${index}.${end}` };
}

const NOT_AN_OBJECT = field('The workflow definition must be an object with nodes and edges', { path: '' });
const NEEDS_LISTS = 'The workflow needs a list of steps (nodes) and a list of connections (edges)';
const ACCEPTED_UNCONNECTED: Violation = {
  code: 'missing_output',
  rule: '4.1.4',
  severity: 'error',
  message: 'Connect the “Accepted” output of Connection request',
  nodeId: 'invite',
  handle: 'accepted',
};

describe('the workflow as a whole', () => {
  it('refuses anything that is not an object, and nothing else is said', () => {
    for (const input of [null, 42, 'graph', []]) expect(validateWorkflow(input)).toStrictEqual([NOT_AN_OBJECT]);
  });

  it('asks for the two lists, and stops there while they are missing', () => {
    expect(validateWorkflow({})).toStrictEqual([field(NEEDS_LISTS, { path: 'nodes' }), field(NEEDS_LISTS, { path: 'edges' })]);
    expect(validateWorkflow({ nodes: {}, edges: [] })).toStrictEqual([field(NEEDS_LISTS, { path: 'nodes' })]);
    expect(validateWorkflow({ nodes: connectionOnlyGraph().nodes, edges: null })).toStrictEqual([field(NEEDS_LISTS, { path: 'edges' })]);
  });

  it('names an unknown top-level property', () => {
    expect(validateWorkflow({ ...connectionOnlyGraph(), viewport: { zoom: 1 } })).toStrictEqual([
      field('Unknown property “viewport”: a workflow definition has only nodes and edges', { path: 'viewport' }),
    ]);
  });

  it('counts steps and connections', () => {
    expect(validateWorkflow({ nodes: [], edges: [] })).toStrictEqual([
      { code: 'node_count', rule: '2', severity: 'error', message: 'A workflow has 1 to 500 steps', path: 'nodes' },
      { code: 'start_count', rule: '4.1.1', severity: 'error', message: 'The workflow needs one Start step' },
    ]);
    expect(validateWorkflow(denseInvalidGraph(2001)).filter((v) => v.code === 'edge_count')).toStrictEqual([
      { code: 'edge_count', rule: '2', severity: 'error', message: 'A workflow has at most 2000 connections', path: 'edges' },
    ]);
  });

  it('checks objects without a prototype (as some parsers build them) like any other', () => {
    const bare = <T extends object>(o: T): T => Object.assign(Object.create(null) as T, o);
    const g = connectionOnlyGraph();
    expect(validateWorkflow(bare({ nodes: g.nodes.map(bare), edges: g.edges.map(bare) }))).toEqual([]);
    expect(validateWorkflow({ nodes: g.nodes.map(bare), edges: g.edges.map(bare) })).toEqual([]);
    const broken = bare({ nodes: g.nodes.map(bare), edges: g.edges.map(bare) });
    broken.nodes[1]!.data = bare({ wait_for_response_days: 0 });
    expect(validateWorkflow(broken)).toStrictEqual([
      field('Wait for acceptance must be a number of days greater than 0', {
        nodeId: 'invite',
        path: 'nodes.1.data.wait_for_response_days',
      }),
    ]);
  });

  it('refuses, rather than throws, when reading the definition fails', () => {
    const hostile = {
      get nodes(): unknown {
        throw new Error('no');
      },
      edges: [],
    };
    expect(validateWorkflow(hostile)).toStrictEqual([
      field('The workflow could not be checked: it is not a workflow this editor understands', { path: '' }),
    ]);
  });
});

describe('a step', () => {
  it('says what its position must be', () => {
    expect(validateWorkflow(withNode(1, (n) => (n.position = { x: Infinity, y: NaN })))).toStrictEqual([
      field('The position of this step must be two finite numbers, x and y', { nodeId: 'invite', path: 'nodes.1.position.x' }),
      field('The position of this step must be two finite numbers, x and y', { nodeId: 'invite', path: 'nodes.1.position.y' }),
    ]);
    expect(validateWorkflow(withNode(1, (n) => (n.position = { x: 0, y: 0, z: 1 })))).toStrictEqual([
      field('Unknown property “z”: a position has only x and y', { nodeId: 'invite', path: 'nodes.1.position.z' }),
    ]);
  });

  it('says what its settings must be', () => {
    expect(validateWorkflow(withNode(1, (n) => (n.data = [])))).toStrictEqual([
      field('The settings of this step must be an object of named values', { nodeId: 'invite', path: 'nodes.1.data' }),
    ]);
  });

  it('needs a type it knows, and suggests the one meant', () => {
    expect(validateWorkflow(withNode(1, (n) => (n.type = 5)))).toStrictEqual([
      field('Every step needs a type', { nodeId: 'invite', path: 'nodes.1.type' }),
    ]);
    const unknown = (type: string, message: string) =>
      expect(validateWorkflow(withNode(1, (n) => (n.type = type)))).toStrictEqual([
        { code: 'unknown_node_type', rule: '2', severity: 'error', message, nodeId: 'invite', path: 'nodes.1.type' },
      ]);
    unknown('bogus', 'Unknown step type “bogus”');
    unknown(
      'cancel_connection_request',
      'Unknown step type “cancel_connection_request”; use “cancel_invitation” instead (the Withdraw invitation step)',
    );
  });

  it('without a usable id, is pinned on nothing and its connections lead nowhere', () => {
    for (const id of ['', 5, undefined]) {
      expect(validateWorkflow(withNode(1, (n) => (n.id = id)))).toStrictEqual([
        field('Every step needs an id (non-empty text)', { path: 'nodes.1.id' }),
        dangling('target', 0, 'e_start_next'),
        dangling('source', 1, 'e_invite_accepted'),
        dangling('source', 2, 'e_invite_no_response'),
        { code: 'start_target', rule: '4.1.1', severity: 'error', message: 'Connect Start to the first step', nodeId: 'start' },
        { code: 'unreachable_node', rule: '4.1.11', severity: 'error', message: 'End cannot be reached from Start', nodeId: 'end' },
      ]);
    }
  });

  it('must be an object', () => {
    const g = connectionOnlyGraph();
    (g.nodes as unknown[])[1] = 5;
    expect(validateWorkflow(g)[0]).toStrictEqual(
      field('Every step must be an object with an id, a type, a position and settings', { path: 'nodes.1' }),
    );
  });

  it('needs its own id', () => {
    const g = connectionOnlyGraph();
    g.nodes.push({ ...find(g, 'end') });
    expect(validateWorkflow(g)).toStrictEqual([
      {
        code: 'duplicate_node_id',
        rule: '2',
        severity: 'error',
        message: 'Another step already has the id of this one: every step needs its own',
        nodeId: 'end',
        path: 'nodes.3.id',
      },
    ]);
  });
});

describe('a connection', () => {
  it('must be an object', () => {
    const g = connectionOnlyGraph();
    (g.edges as unknown[])[1] = 5;
    expect(validateWorkflow(g)).toStrictEqual([
      field('Every connection must be an object with an id, a source and a target', { path: 'edges.1' }),
      ACCEPTED_UNCONNECTED,
    ]);
  });

  it('needs an id of its own: ids that are missing, empty or not text are never taken as the same id', () => {
    for (const id of [undefined, '', 5]) {
      const g = connectionOnlyGraph();
      for (const e of g.edges.slice(1)) (e as unknown as Loose).id = id;
      expect(validateWorkflow(g)).toStrictEqual([
        field('Every connection needs an id (non-empty text)', { path: 'edges.1.id' }),
        field('Every connection needs an id (non-empty text)', { path: 'edges.2.id' }),
      ]);
    }
    const g = connectionOnlyGraph();
    g.edges[2]!.id = g.edges[1]!.id;
    expect(validateWorkflow(g)).toStrictEqual([
      {
        code: 'duplicate_edge_id',
        rule: '2',
        severity: 'error',
        message: 'Another connection already has the id of this one: every connection needs its own',
        edgeId: 'e_invite_accepted',
        path: 'edges.2.id',
      },
    ]);
  });

  it('needs the ids of both its ends, as text: a malformed end is not also called missing', () => {
    expect(validateWorkflow(withEdge(1, (e) => (e.source = 5)))).toStrictEqual([
      field('Every connection needs the id of the step it starts at', { edgeId: 'e_invite_accepted', path: 'edges.1.source' }),
      ACCEPTED_UNCONNECTED,
    ]);
    expect(validateWorkflow(withEdge(1, (e) => (e.target = 5)))).toStrictEqual([
      field('Every connection needs the id of the step it leads to', { edgeId: 'e_invite_accepted', path: 'edges.1.target' }),
      ACCEPTED_UNCONNECTED,
    ]);
  });

  it('reports an end that names no step, at that end', () => {
    expect(validateWorkflow(withEdge(2, (e) => (e.source = 'ghost')))).toStrictEqual([
      dangling('source', 2, 'e_invite_no_response'),
      { ...ACCEPTED_UNCONNECTED, message: 'Connect the “No response” output of Connection request', handle: 'no_response' },
    ]);
  });

  it('names its output with text: a number is not taken as no output, null is', () => {
    const SAY = 'The output a connection leaves by must be named with text';
    expect(validateWorkflow(withEdge(1, (e) => (e.sourceHandle = 1)))).toStrictEqual([
      field(SAY, { edgeId: 'e_invite_accepted', path: 'edges.1.sourceHandle' }),
      ACCEPTED_UNCONNECTED,
    ]);
    expect(validateWorkflow(withEdge(1, (e) => (e.sourceHandle = null)))).toStrictEqual([
      field(SAY, { edgeId: 'e_invite_accepted', path: 'edges.1.sourceHandle' }),
      {
        code: 'missing_source_handle',
        rule: '4.1.12',
        severity: 'error',
        message: 'Say which output of Connection request this connection leaves by: “Accepted” or “No response”',
        nodeId: 'invite',
        edgeId: 'e_invite_accepted',
      },
      ACCEPTED_UNCONNECTED,
    ]);
  });
});
