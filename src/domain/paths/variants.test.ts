import { describe, expect, it } from 'vitest';
import { simulationSchema } from '../contract/workflow-checks';
import { scoredFollowUpGraph, variantGraph } from '../testing/fixtures';
import { assignedVariant } from '../variants';
import { sendSteps, sendWarnings } from './review';
import { simulatePaths } from './simulate';
import { summarizePaths } from './summary';
import { walkPath } from './walk';

/** Contract 10.1 in the path walk, the simulator and the launch review: every variant shown, paths never multiplied. */

const ada = { customFields: { firstName: 'Ada', company: 'Acme' } };

describe('variants along a path', () => {
  it('the walk shows every variant of a step, filled in for the prospect, and sends the first where one text is shown', () => {
    const walk = walkPath(variantGraph(), ada);
    const invite = walk.steps.find((s) => s.nodeId === 'invite')!;
    expect(invite.variants).toEqual([
      {
        variantId: 'a',
        label: 'Short',
        text: { template: 'Hi {{firstName}}, shall we connect?', text: 'Hi Ada, shall we connect?', missing: [] },
      },
      {
        variantId: 'b',
        label: 'Warm',
        text: {
          template: 'Hi {{firstName}}, I enjoyed your post about {{company}}. Shall we connect?',
          text: 'Hi Ada, I enjoyed your post about Acme. Shall we connect?',
          missing: [],
        },
      },
    ]);
    expect(invite.message?.text).toBe('Hi Ada, shall we connect?');
    expect(walkPath(variantGraph(), { customFields: { firstName: 'Ada' } }).missingPlaceholders).toEqual(['company']);
  });

  it('shows an InMail variant’s subject (its own, else the step’s) and an AI step’s instructions as written', () => {
    const g = variantGraph();
    const thanks = g.nodes.find((n) => n.id === 'thanks')!;
    thanks.type = 'inmail';
    thanks.data = {
      subject: 'Hello {{firstName}}',
      message_template: 'Hi',
      only_open_profiles: true,
      variants: [
        { variantId: 'a', label: 'Plain', text: 'Hi {{firstName}}' },
        { variantId: 'b', label: 'Own subject', text: 'Hey', subject: 'Quick one for {{company}}' },
      ],
    };
    const step = walkPath(g, ada).steps.find((s) => s.nodeId === 'thanks')!;
    expect(step.variants!.map((v) => [v.text.text, v.subject?.text])).toEqual([
      ['Hi Ada', 'Hello Ada'],
      ['Hey', 'Quick one for Acme'],
    ]);
    thanks.type = 'enhanced_message';
    thanks.data = {
      message_template: 'Hi {{firstName}}',
      customInstructions: 'Be brief',
      variants: [
        { variantId: 'a', label: 'Brief', text: 'Be brief about {{company}}' },
        { variantId: 'b', label: 'Warm', text: 'Be warm' },
      ],
    };
    const ai = walkPath(g, ada).steps.find((s) => s.nodeId === 'thanks')!;
    expect(ai.message?.text).toBe('Hi Ada');
    expect(ai.variants!.map((v) => v.text.text)).toEqual(['Be brief about {{company}}', 'Be warm']);
  });

  it('simulate-campaign adds one row per variant and as many paths as without variants', () => {
    const plain = simulatePaths(scoredFollowUpGraph(), ada);
    const varied = simulatePaths(variantGraph(), ada);
    expect(varied.paths).toHaveLength(plain.paths.length);
    expect(simulationSchema.parse(varied)).toEqual(varied);
    const invite = varied.paths[0]!.steps.find((s) => s.nodeId === 'invite')!;
    expect(invite.variants).toEqual([
      { variantId: 'a', label: 'Short', rendered: 'Hi Ada, shall we connect?' },
      { variantId: 'b', label: 'Warm', rendered: 'Hi Ada, I enjoyed your post about Acme. Shall we connect?' },
    ]);
    expect(varied.paths[0]!.steps.find((s) => s.nodeId === 'start')).not.toHaveProperty('variants');
    expect(
      simulatePaths(variantGraph(), { customFields: {} }).paths[0]!.steps.find((s) => s.nodeId === 'invite')!.unfilledPlaceholders,
    ).toEqual(['firstName', 'company']);
  });
});

describe('variants in the launch review', () => {
  it('names each step’s variants in the paths', () => {
    expect(summarizePaths(variantGraph()).paths[0]!.text).toBe(
      'If the ICP score is ≥ 70: invite with note A/B (“Short” or “Warm”) → if accepted: message A/B (“Short” or “Warm”) → if they reply: end',
    );
  });

  it('lists each variant filled in, and marks the one a real prospect gets by the engine’s assignment', () => {
    const g = variantGraph();
    const assigned = { campaignId: '6b0f1c8e-2f43-4b57-9a7e-0d1c2b3a4f5e', prospectId: '0c2f9a51-8d7e-4f6a-b3c2-1e0d9f8a7b6c', ...ada };
    const sends = sendSteps(g, ada, assigned);
    const invite = sends.find((s) => s.nodeId === 'invite')!;
    expect(invite.variants!.map((v) => [v.variantId, v.text.text])).toEqual([
      ['a', 'Hi Ada, shall we connect?'],
      ['b', 'Hi Ada, I enjoyed your post about Acme. Shall we connect?'],
    ]);
    const theirs = assignedVariant(
      g.nodes.find((n) => n.id === 'invite')!,
      assigned.campaignId,
      assigned.prospectId,
    )!.variantId;
    expect(invite.variants!.filter((v) => v.forProspect).map((v) => v.variantId)).toEqual([theirs]);
    // One group: the same position on the thank-you message.
    expect(sends.find((s) => s.nodeId === 'thanks')!.variants!.find((v) => v.forProspect)!.variantId).toBe(theirs);
    expect(
      sendSteps(g, ada)
        .find((s) => s.nodeId === 'invite')!
        .variants!.every((v) => v.forProspect === undefined),
    ).toBe(true);
  });

  it('warns about a placeholder only one variant uses', () => {
    const warnings = sendWarnings(variantGraph(), undefined, { customFields: { firstName: 'Ada' } });
    expect(warnings).toEqual([expect.objectContaining({ level: 'warning', message: expect.stringContaining('{{company}}') })]);
  });
});
