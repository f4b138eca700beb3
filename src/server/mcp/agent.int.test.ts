import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newWorkspace, testEnv, type TestWorkspace } from '../testing/fixtures';

/**
 * Contract 8.1, proof that an agent succeeds: a scripted agent drives the official MCP SDK client
 * from a plain description to a launched campaign. It knows only what the tools return and what
 * their descriptions say — node types, outputs and data fields come from list-node-types, the fix
 * comes from the hint, edge ids from the server. (The only inputs from outside are the description
 * below and the sender account the person gives it.)
 */

const DESCRIPTION = {
  name: 'Founders, scored',
  steps: [
    { key: 'start', label: 'Start' },
    { key: 'score', label: 'ICP scoring', threshold: 70 },
    { key: 'invite', label: 'Connection request', text: 'Hi {{firstName}}, fellow founder here.' },
    { key: 'thanks', label: 'Message', text: 'Thanks for connecting, {{firstName}}! How is {{company}} going?' },
    { key: 'end', label: 'End' },
  ],
  // "Qualified prospects get an invitation, the others stop; when they accept, thank them; whatever they answer, stop."
  // (What happens when they ignore the invitation is not said: the agent's first graph misses it.)
  routes: [
    ['start', null, 'score'],
    ['score', 'positive', 'invite'],
    ['score', 'negative', 'end'],
    ['invite', 'positive', 'thanks'],
    ['thanks', 'positive', 'end'],
    ['thanks', 'negative', 'end'],
  ] as Array<[string, 'positive' | 'negative' | null, string]>,
};

let ws: TestWorkspace;
let client: Client;
beforeAll(async () => {
  ws = await newWorkspace();
  client = new Client({ name: 'scripted-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${testEnv().baseUrl}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${ws.apiKey}` } },
    }),
  );
});
afterAll(() => client.close());

async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent;
}

it('goes from a plain description to a launched campaign with only what the tools say', async () => {
  // 1. Discover the tools and the node types.
  const { tools } = await client.listTools();
  const toolNames = tools.map((t) => t.name);
  for (const needed of [
    'list-node-types',
    'validate-campaign-workflow',
    'create-campaign',
    'patch-campaign-workflow',
    'simulate-campaign',
    'launch-campaign',
  ])
    expect(toolNames).toContain(needed);
  const types: Array<{ type: string; label: string; outputs: string[]; dataSchema: any }> = (await call('list-node-types', {})).items;
  const typeOf = (label: string) => types.find((t) => t.label === label)!;

  // The description's "positive"/"negative" branch = the type's first/second output, as listed.
  const outputFor = (type: { outputs: string[] }, tone: 'positive' | 'negative' | null) =>
    tone === null ? undefined : type.outputs[tone === 'positive' ? 0 : 1];
  // A data field is found by what its schema says: the 0..100 number, the text that takes {{placeholders}}.
  const dataFor = (step: (typeof DESCRIPTION.steps)[number], schema: any): Record<string, unknown> => {
    const props = Object.entries<any>(schema.properties ?? {});
    const data: Record<string, unknown> = Object.fromEntries(props.filter(([, p]) => 'default' in p).map(([k, p]) => [k, p.default]));
    if ('threshold' in step) data[props.find(([, p]) => p.type === 'number' && p.maximum === 100)![0]] = step.threshold;
    if ('text' in step) data[props.find(([k, p]) => p.type === 'string' && /template/.test(k))![0]] = step.text;
    return data;
  };

  // 2. Build the five-step graph.
  const nodeTypes = new Map(DESCRIPTION.steps.map((s) => [s.key, typeOf(s.label)]));
  const nodes = DESCRIPTION.steps.map((step, i) => ({
    id: step.key,
    type: nodeTypes.get(step.key)!.type,
    position: { x: i * 300, y: 0 },
    data: dataFor(step, nodeTypes.get(step.key)!.dataSchema),
  }));
  const edges: any[] = DESCRIPTION.routes.map(([from, tone, to], i) => {
    const handle = outputFor(nodeTypes.get(from)!, tone);
    return { id: `e${i}`, source: from, target: to, ...(handle ? { sourceHandle: handle } : {}) };
  });

  // 3. Validate; fix the one violation the hint names, as the hint says; validate again.
  const first = await call('validate-campaign-workflow', { workflow_definition: { nodes, edges } });
  expect(first.valid).toBe(false);
  expect(first.errors).toBe(1);
  const fix = /Add an edge \{source: "([^"]+)", sourceHandle: "([^"]+)", target: <the next step, or an end node>\}/.exec(first.hint);
  expect(fix).not.toBeNull();
  const endId = nodes.find((n) => n.type === typeOf('End').type)!.id;
  edges.push({ id: `e${edges.length}`, source: fix![1], sourceHandle: fix![2], target: endId });
  const second = await call('validate-campaign-workflow', { workflow_definition: { nodes, edges } });
  expect(second).toMatchObject({ valid: true, errors: 0 });

  // 4. Create the campaign with that graph.
  const created = await call('create-campaign', {
    name: DESCRIPTION.name,
    senderAccountIds: [ws.accounts.linkedinPremium],
    workflow_definition: { nodes, edges },
  });
  expect(created.status).toBe('draft');

  // 5. Patch: a follow-up message after "no reply" to the thank-you (the edge to replace is read from the saved graph).
  const thanks = created.workflow_definition.nodes.find((n: any) => n.id === 'thanks');
  const messageType = typeOf('Message');
  const [replied, noReply] = messageType.outputs;
  const toReplace = created.workflow_definition.edges.find((e: any) => e.source === thanks.id && e.sourceHandle === noReply);
  const patched = await call('patch-campaign-workflow', {
    campaignId: created.campaignId,
    expectedUpdatedAt: created.updated_at,
    operations: [
      { op: 'remove_edge', id: toReplace.id },
      {
        op: 'add_node',
        node: {
          id: 'nudge',
          type: messageType.type,
          position: { x: 1500, y: 200 },
          data: dataFor({ key: 'nudge', label: 'Message', text: 'Any thoughts, {{firstName}}?' }, messageType.dataSchema),
        },
      },
      { op: 'add_edge', edge: { source: thanks.id, sourceHandle: noReply, target: 'nudge' } },
      { op: 'add_edge', edge: { source: 'nudge', sourceHandle: replied, target: endId } },
      { op: 'add_edge', edge: { source: 'nudge', sourceHandle: noReply, target: endId } },
    ],
  });
  expect(patched.workflow_definition.nodes).toHaveLength(6);
  expect(patched.updated_at > created.updated_at).toBe(true);

  // 6. Simulate for a sample prospect and inspect what they would receive.
  const simulation = await call('simulate-campaign', {
    campaignId: created.campaignId,
    prospect: { customFields: { firstName: 'Ada', company: 'Acme' } },
  });
  const nudgePath = simulation.paths.find((p: any) => p.steps.some((s: any) => s.nodeId === 'nudge'));
  expect(nudgePath.steps.find((s: any) => s.nodeId === 'nudge')).toMatchObject({
    rendered: 'Any thoughts, Ada?',
    unfilledPlaceholders: [],
  });
  expect(nudgePath.totalDays).toBeGreaterThan(0);
  for (const path of simulation.paths) for (const step of path.steps) expect(step.unfilledPlaceholders).toEqual([]);

  // 7. Launch, with the updated_at of the graph just inspected.
  const inspected = await call('get-campaign', { campaignId: created.campaignId, view: 'summary' });
  expect(inspected.workflow_definition).toMatchObject({ nodeCount: 6 });
  const launched = await call('launch-campaign', {
    campaignId: created.campaignId,
    inspectedUpdatedAt: inspected.updated_at,
    confirm: true,
  });
  expect(launched.status).toBe('active');
});
