import fc from 'fast-check';
import { NODE_TYPES, nodeDefinition, type NodeType } from '../catalog';
import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../workflow-types';
import { edge, layout, node } from './fixtures';

/**
 * fast-check arbitraries of valid workflows (for property tests on every side). A generated graph
 * follows the routing of spec 3.3: start → optional scoring → optional plain steps → outreach,
 * follow-up chains on no_reply, one of the spec's no_response fallbacks, every branch to an end.
 */

/** Single-output steps that neither send nor play a role in the rules (free to place anywhere). */
const PLAIN_STEPS = NODE_TYPES.filter((t) => {
  const def = nodeDefinition(t)!;
  return def.outputs.kind === 'single' && !def.sends && def.role === undefined;
});
const MESSAGE_TYPES = ['message', 'template_message', 'enhanced_message'] as const satisfies readonly NodeType[];

const fieldName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/);
/** Message text with valid placeholders and stray single braces. */
const validTemplate = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 12 }).map((s) => s.replace(/[{}]/g, '')),
      fieldName.map((f) => `{{${f}}}`),
      fc.constant('{ ok }'),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

const waitDays = fc.oneof(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0.01, max: 60, noNaN: true }));

interface Plan {
  scoring: { threshold: number; operator: string } | null;
  steps: NodeType[];
  outreach: 'invitation' | 'message';
  followUps: Array<{ type: (typeof MESSAGE_TYPES)[number]; template: string; wait: number; stepBefore: NodeType | null }>;
  fallback: 'end' | 'withdraw' | 'inmail' | 'email_push';
  inmailOpenProfiles: boolean;
  inmailFollowUp: boolean;
  endCount: number;
  endPicks: number[];
  extras: boolean[];
  order: number[];
}

const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  scoring: fc.option(fc.record({ threshold: fc.integer({ min: 0, max: 100 }), operator: fc.constantFrom('>=', '>', '<=', '<', '==') })),
  steps: fc.array(fc.constantFrom(...PLAIN_STEPS), { maxLength: 3 }),
  outreach: fc.constantFrom('invitation' as const, 'invitation' as const, 'message' as const),
  followUps: fc.array(
    fc.record({
      type: fc.constantFrom(...MESSAGE_TYPES),
      template: validTemplate,
      wait: waitDays,
      stepBefore: fc.option(fc.constantFrom(...PLAIN_STEPS.filter((t) => nodeDefinition(t)?.role !== 'delay'))),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  fallback: fc.constantFrom('end' as const, 'withdraw' as const, 'inmail' as const, 'email_push' as const),
  inmailOpenProfiles: fc.boolean(),
  inmailFollowUp: fc.boolean(),
  endCount: fc.integer({ min: 1, max: 3 }),
  endPicks: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  extras: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
  order: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
});

function buildFromPlan(plan: Plan): WorkflowDefinition {
  const nodes: WorkflowNode[] = [node('start', 'start')];
  const edges: WorkflowEdge[] = [];
  for (let i = 0; i < plan.endCount; i++) nodes.push(node(`end_${i}`, 'end'));
  let pick = 0;
  const anEnd = (): string => `end_${plan.endPicks[pick++ % plan.endPicks.length]! % plan.endCount}`;
  let at = { id: 'start', handle: undefined as string | undefined };
  const step = (id: string, type: NodeType, data = {}): void => {
    nodes.push(node(id, type, data));
    edges.push(edge(at.id, id, at.handle));
  };
  if (plan.scoring) {
    step('score', 'icp_scoring', { icpThreshold: plan.scoring.threshold, thresholdOperator: plan.scoring.operator });
    edges.push(edge('score', anEnd(), 'not_qualified'));
    at = { id: 'score', handle: 'qualified' };
  }
  plan.steps.forEach((type, i) => {
    step(`step_${i}`, type);
    at = { id: `step_${i}`, handle: undefined };
  });
  const chain = (prefix: string): void => {
    plan.followUps.forEach((f, i) => {
      if (f.stepBefore && i > 0) {
        step(`${prefix}_before_${i}`, f.stepBefore);
        at = { id: `${prefix}_before_${i}`, handle: undefined };
      }
      const id = `${prefix}_${i}`;
      step(id, f.type, { message_template: f.template, reply_wait_days: f.wait });
      edges.push(edge(id, anEnd(), 'replied'));
      at = { id, handle: 'no_reply' };
    });
    edges.push(edge(at.id, anEnd(), at.handle));
  };
  if (plan.outreach === 'message') {
    chain('msg');
    return finish(plan, nodes, edges);
  }
  step('invite', 'connection_request');
  at = { id: 'invite', handle: 'accepted' };
  chain('msg');
  at = { id: 'invite', handle: 'no_response' };
  if (plan.fallback === 'end') edges.push(edge('invite', anEnd(), 'no_response'));
  else if (plan.fallback === 'withdraw' || plan.fallback === 'email_push') {
    const id = plan.fallback === 'withdraw' ? 'withdraw' : 'push';
    step(id, plan.fallback === 'withdraw' ? 'cancel_invitation' : 'email_campaign_push_2');
    edges.push(edge(id, anEnd()));
  } else {
    step('inmail', 'inmail', { only_open_profiles: plan.inmailOpenProfiles });
    edges.push(edge('inmail', anEnd(), 'replied'));
    at = { id: 'inmail', handle: 'no_reply' };
    if (plan.inmailFollowUp) chain('after_inmail');
    else edges.push(edge('inmail', anEnd(), 'no_reply'));
  }
  return finish(plan, nodes, edges);
}

/** Drops unused ends, adds harmless extra properties, shuffles both lists (order must not matter). */
function finish(plan: Plan, nodes: WorkflowNode[], edges: WorkflowEdge[]): WorkflowDefinition {
  const used = new Set(edges.map((e) => e.target));
  const kept = nodes.filter((n) => nodeDefinition(n.type)?.role !== 'end' || used.has(n.id));
  kept.forEach((n, i) => {
    if (plan.extras[i % 64]) n.selected = false;
  });
  edges.forEach((e, i) => {
    if (plan.extras[(i + 7) % 64]) e.animated = true;
  });
  const shuffle = <T>(list: T[]): T[] => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = plan.order[i % 64]! % (i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  return layout({ nodes: shuffle(kept), edges: shuffle(edges) });
}

/** Valid workflows of every routing pattern of spec 3.3 (no errors; InMail may warn on senders). */
export const validWorkflow: fc.Arbitrary<WorkflowDefinition> = planArbitrary.map(buildFromPlan);
