import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph, edge, inmailFallbackGraph, node, scoredFollowUpGraph } from '../testing/fixtures';
import { DEFAULT_SAMPLE_PROSPECT, reviewLaunch, sendSteps, sendWarnings } from './review';
import { findTemplate } from './templates';

const premium = { accountId: 'acc_p', name: 'Pat', premium: true };
const free = { accountId: 'acc_f', name: 'Fran', premium: false };

describe('launch review', () => {
  it('lists every send with its template as written', () => {
    const sends = sendSteps(scoredFollowUpGraph());
    expect(sends.map((s) => [s.nodeId, s.label])).toEqual([
      ['invite', 'Connection request'],
      ['thanks', 'Message'],
      ['follow_up', 'Template message'],
    ]);
    expect(sends[2]!.message).toBe('Any thoughts, {{firstName}}?');
  });

  it('shows each send’s summary, its subject and its text, and nothing for what a step does not send', () => {
    const def = inmailFallbackGraph();
    def.nodes.find((n) => n.id === 'invite')!.data.send_empty_request = true;
    def.nodes.find((n) => n.id === 'thanks')!.data.message_template = '';
    expect(sendSteps(def)).toStrictEqual([
      { nodeId: 'invite', type: 'connection_request', label: 'Connection request', summary: 'Invite without note · wait 14 days' },
      { nodeId: 'thanks', type: 'message', label: 'Message', summary: 'No message yet · wait 3 days' },
      {
        nodeId: 'inmail',
        type: 'inmail',
        label: 'InMail',
        summary: '“Quick question, {{firstName…” · wait 5 days',
        message: 'Hi {{firstName}}, ',
        subject: 'Quick question, {{firstName}}',
      },
    ]);
  });

  it('a valid template with a sender can launch with no warnings', () => {
    const review = reviewLaunch(findTemplate('scored-follow-up')!.build(), { senders: [free] });
    expect(review.warnings).toEqual([]);
    expect(review.canLaunch).toBe(true);
    expect(review.paths.total).toBe(5);
  });

  it('InMail to all profiles: a free sender blocks (rule 10 error), unknown senders only warn, premium passes', () => {
    const def = inmailFallbackGraph();
    def.nodes.find((n) => n.id === 'inmail')!.data.only_open_profiles = false;
    const blocked = reviewLaunch(def, { senders: [free] });
    expect(blocked.canLaunch).toBe(false);
    expect(blocked.warnings).toEqual([expect.objectContaining({ level: 'blocker', nodeId: 'inmail' })]);
    const unknown = reviewLaunch(def);
    expect(unknown.canLaunch).toBe(true);
    expect(unknown.warnings).toEqual([
      expect.objectContaining({ level: 'warning', nodeId: 'inmail', message: expect.stringMatching(/premium seat/) }),
    ]);
    expect(reviewLaunch(def, { senders: [premium] }).warnings).toEqual([]);
  });

  it('blocks the launch when no sender can send the campaign’s steps (contract 9.4), as the server refuses it', () => {
    const review = reviewLaunch(connectionOnlyGraph(), { senders: [] });
    expect(review.canLaunch).toBe(false);
    expect(review.warnings).toEqual([
      expect.objectContaining({ level: 'blocker', message: expect.stringMatching(/add a LinkedIn account/) }),
    ]);
    const linkedIn = { ...free, channel: 'professional_network' as const };
    expect(reviewLaunch(connectionOnlyGraph(), { senders: [linkedIn] }).canLaunch).toBe(true);
  });

  it('warns once per placeholder the sample prospect lacks, naming the steps', () => {
    const def = scoredFollowUpGraph();
    def.nodes.find((n) => n.id === 'thanks')!.data.message_template = 'Hi {{nickname}} at {{company}}';
    def.nodes.find((n) => n.id === 'follow_up')!.data.message_template = 'Still there, {{nickname}}?';
    const warnings = sendWarnings(def, [free], DEFAULT_SAMPLE_PROSPECT);
    expect(warnings).toEqual([
      { level: 'warning', nodeId: 'thanks', message: expect.stringMatching(/^\{\{nickname\}\} \(in Message, Template message\)/) },
    ]);
  });

  it('warns about a placeholder of a subject, and names a step using it in both subject and message once', () => {
    const def = inmailFallbackGraph();
    const inmail = def.nodes.find((n) => n.id === 'inmail')!;
    inmail.data.subject = 'For {{nickname}} at {{team}}';
    inmail.data.message_template = '{{team}}, hello!';
    expect(sendWarnings(def, [free]).map((w) => w.message)).toEqual([
      '{{nickname}} (in InMail) is not a field of the sample prospect: prospects without it would get the placeholder as written.',
      '{{team}} (in InMail) is not a field of the sample prospect: prospects without it would get the placeholder as written.',
    ]);
  });

  it('reviews a graph with a step type it does not know', () => {
    const def = connectionOnlyGraph();
    def.nodes.push({ ...node('odd', 'delay'), type: 'teleport' as never });
    def.edges.push(edge('odd', 'end'));
    expect(sendWarnings(def, [free])).toEqual([]);
    expect(reviewLaunch(def, { senders: [free] }).sends.map((s) => s.nodeId)).toEqual(['invite']);
  });

  it('blocks while a template sample value is still there', () => {
    const review = reviewLaunch(findTemplate('email-push-fallback')!.build(), { senders: [free] });
    expect(review.violations).toEqual([]);
    expect(review.canLaunch).toBe(false);
    expect(review.warnings).toEqual([
      {
        level: 'blocker',
        nodeId: 'email_push',
        message:
          'Add to an email campaign (first email tool) still has the template’s sample credential: replace it with your own before launch.',
      },
      {
        level: 'blocker',
        nodeId: 'email_push',
        message:
          'Add to an email campaign (first email tool) still has the template’s sample external campaign: replace it with your own before launch.',
      },
    ]);
    const real = reviewLaunch(
      findTemplate('email-push-fallback')!.build({ 'email_push.credential_id': 'c1', 'email_push.campaign_id': 'k1' }),
      { senders: [free] },
    );
    expect(real.canLaunch).toBe(true);
  });

  it('validator errors block the launch', () => {
    const def = connectionOnlyGraph();
    def.edges.pop();
    const review = reviewLaunch(def, { senders: [free] });
    expect(review.canLaunch).toBe(false);
    expect(review.warnings[0]).toMatchObject({ level: 'blocker', nodeId: 'invite' });
  });

  it('provider limits and web addresses block the launch although they are warnings (contract 8.6)', () => {
    const def = connectionOnlyGraph();
    def.nodes[1]!.data.message_template = 'n'.repeat(250);
    const premium = { accountId: 'acc_pro', name: 'Sam Pro', premium: true };
    expect(reviewLaunch(def, { senders: [premium] }).canLaunch).toBe(true);
    const review = reviewLaunch(def, { senders: [free] });
    expect(review.canLaunch).toBe(false);
    expect(review.warnings).toContainEqual(
      expect.objectContaining({ level: 'blocker', nodeId: 'invite', message: expect.stringMatching(/at most 200/) }),
    );
  });
});
