import { beforeAll, describe, expect, it } from 'vitest';
import { variantGraph } from '../../domain/testing/fixtures';
import { newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok, saveGraph } from '../testing/campaigns';

/**
 * Contract 10.1 for agents over real HTTP: validate-campaign-workflow, update-campaign-workflow and
 * patch-campaign-workflow judge variants with the one validator (bad ones: clear violations, a hint,
 * nothing saved), simulate-campaign adds one row per variant, list-node-types publishes their shape.
 */

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await newWorkspace();
});

const invite = (g: ReturnType<typeof variantGraph>) => g.nodes.find((n) => n.id === 'invite')!;
const six = ['a', 'b', 'c', 'd', 'e', 'a'].map((variantId, i) => ({ variantId, label: `Try ${i + 1}`, text: 'Hi {{firstName}}' }));

describe('variants for agents', () => {
  it('validate-campaign-workflow: well-formed variants pass; 1 or 6, duplicate ids and an empty text are clear errors with a hint', async () => {
    expect(await ok<any>(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: variantGraph() })).toEqual({
      valid: true,
      violations: [],
      errors: 0,
      warnings: 0,
    });
    const one = variantGraph();
    invite(one).data.variants = [(invite(one).data.variants as unknown[])[0]];
    invite(one).data.variantGroup = null;
    const verdict = await ok<any>(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: one });
    expect(verdict.valid).toBe(false);
    expect(verdict.violations).toContainEqual(
      expect.objectContaining({ code: 'invalid_variants', rule: '2', severity: 'error', nodeId: 'invite', path: 'nodes.2.data.variants' }),
    );
    expect(verdict.hint).toMatch(/Fix first: .*A test needs 2 to 5 variants, not 1.*Fix the variants at “nodes\.2\.data\.variants”/);

    const many = variantGraph();
    invite(many).data.variants = six;
    const codes = (await ok<any>(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: many })).violations.map(
      (v: any) => `${v.code} ${v.path}`,
    );
    expect(codes).toEqual(
      expect.arrayContaining([
        'invalid_variants nodes.2.data.variants',
        'invalid_variants nodes.2.data.variants.5.variantId',
        'variant_group_size nodes.2.data.variantGroup',
        'variant_group_size nodes.3.data.variantGroup',
      ]),
    );
  });

  it('update-campaign-workflow refuses bad variants as invalid_workflow and saves nothing; good ones are kept as sent', async () => {
    const draft = await createDraft(ws);
    const bad = variantGraph();
    (invite(bad).data.variants as Array<{ text: string }>)[1]!.text = '';
    const refused = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: draft.updated_at,
      workflow_definition: bad,
    });
    expect(refused.code).toBe('invalid_workflow');
    expect(refused.violations).toContainEqual(
      expect.objectContaining({
        code: 'invalid_variants',
        path: 'nodes.2.data.variants.1.text',
        message: expect.stringContaining('Variant B'),
      }),
    );
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).updated_at).toBe(draft.updated_at);
    const saved = await saveGraph(ws, draft, variantGraph());
    expect(invite(saved.workflow_definition as ReturnType<typeof variantGraph>).data.variants).toEqual(
      invite(variantGraph()).data.variants,
    );
  });

  it('patch-campaign-workflow sets, replaces and removes variants; a bad patch changes nothing', async () => {
    const draft = await createDraft(ws);
    const base = await saveGraph(ws, draft, variantGraph());
    const three = [
      { variantId: 'a', label: 'Short', text: 'Hi {{firstName}}' },
      { variantId: 'b', label: 'Warm', text: 'Hello {{firstName}}' },
      { variantId: 'c', label: 'Question', text: 'Hi {{firstName}}, a question?' },
    ];
    // Both steps of the group at once: the group keeps its size.
    const patched = await ok(ws.apiKey, 'patch-campaign-workflow', {
      campaignId: base.campaignId,
      expectedUpdatedAt: base.updated_at,
      operations: [
        { op: 'update_node', id: 'invite', data: { variants: three } },
        { op: 'update_node', id: 'thanks', data: { variants: three } },
      ],
    });
    expect(invite(patched.workflow_definition as ReturnType<typeof variantGraph>).data.variants).toEqual(three);
    // One step of the group alone: variant_group_size, nothing saved.
    const refused = await fails(ws.apiKey, 'patch-campaign-workflow', {
      campaignId: base.campaignId,
      expectedUpdatedAt: patched.updated_at,
      operations: [{ op: 'update_node', id: 'thanks', data: { variants: null } }],
    });
    expect(refused.code).toBe('invalid_workflow');
    expect(refused.violations.map((v: any) => v.code)).toContain('variant_group_size');
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: base.campaignId })).updated_at).toBe(patched.updated_at);
    const removed = await ok(ws.apiKey, 'patch-campaign-workflow', {
      campaignId: base.campaignId,
      expectedUpdatedAt: patched.updated_at,
      operations: [
        { op: 'update_node', id: 'invite', data: { variants: null, variantGroup: null } },
        { op: 'update_node', id: 'thanks', data: { variants: null, variantGroup: null } },
      ],
    });
    expect(invite(removed.workflow_definition as ReturnType<typeof variantGraph>).data).not.toHaveProperty('variants');
  });

  it('simulate-campaign shows every variant, one row each, on as many paths as without variants', async () => {
    const draft = await createDraft(ws);
    const saved = await saveGraph(ws, draft, variantGraph());
    const sim = await ok<any>(ws.apiKey, 'simulate-campaign', {
      campaignId: saved.campaignId,
      prospect: { customFields: { firstName: 'Ada', company: 'Acme' } },
    });
    expect(sim.paths).toHaveLength(5);
    const step = sim.paths[0].steps.find((s: any) => s.nodeId === 'invite');
    expect(step.variants).toEqual([
      { variantId: 'a', label: 'Short', rendered: 'Hi Ada, shall we connect?' },
      { variantId: 'b', label: 'Warm', rendered: 'Hi Ada, I enjoyed your post about Acme. Shall we connect?' },
    ]);
    expect(step.rendered).toBe('Hi Ada, shall we connect?');
  });

  it('list-node-types publishes the variants and their group for the steps that may hold them', async () => {
    const { items } = await ok<{ items: any[] }>(ws.apiKey, 'list-node-types', {});
    const byType = new Map(items.map((i) => [i.type, i.dataSchema.properties]));
    expect(byType.get('connection_request').variants).toMatchObject({ type: 'array', minItems: 2, maxItems: 5 });
    expect(byType.get('enhanced_message').variantGroup).toMatchObject({ type: 'string', maxLength: 40 });
    expect(byType.get('delay').variants).toBeUndefined();
  });
});
