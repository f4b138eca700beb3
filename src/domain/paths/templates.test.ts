import { describe, expect, it } from 'vitest';
import { branchOutputs } from '../catalog';
import { nominalSize } from '../geometry';
import { validateWorkflow } from '../validator';
import { reviewLaunch } from './review';
import { CAMPAIGN_TEMPLATES, findTemplate, isSampleSetting, SAMPLE_EMAIL_PUSH, settingKey } from './templates';

describe('campaign templates', () => {
  it.each(CAMPAIGN_TEMPLATES.map((t) => [t.id, t] as const))('%s is valid by construction (no errors, no warnings)', (_id, template) => {
    expect(validateWorkflow(template.build())).toEqual([]);
  });

  it('have unique ids, names and descriptions', () => {
    expect(new Set(CAMPAIGN_TEMPLATES.map((t) => t.id)).size).toBe(CAMPAIGN_TEMPLATES.length);
    for (const t of CAMPAIGN_TEMPLATES) {
      expect(t.name.length).toBeGreaterThan(3);
      expect(t.description.length).toBeGreaterThan(20);
    }
  });

  it('build a fresh graph on every call', () => {
    const t = findTemplate('scored-follow-up')!;
    const a = t.build();
    a.nodes[0]!.position.x = 999;
    expect(t.build().nodes[0]!.position.x).toBe(0);
  });

  it('lay nodes out top to bottom: every edge goes down the canvas', () => {
    for (const t of CAMPAIGN_TEMPLATES) {
      const def = t.build();
      const y = new Map(def.nodes.map((n) => [n.id, n.position.y]));
      for (const e of def.edges) expect(y.get(e.target)!, `${t.id} ${e.id}`).toBeGreaterThan(y.get(e.source)!);
    }
  });

  it('place no step over another', () => {
    for (const t of CAMPAIGN_TEMPLATES) {
      const boxes = t.build().nodes.map((n) => ({ id: n.id, ...n.position, ...nominalSize(n.type) }));
      for (const a of boxes)
        for (const b of boxes) {
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          if (a !== b) expect(apart, `${t.id}: ${a.id} and ${b.id}`).toBe(true);
        }
    }
  });

  it('draw a step’s positive outcome to the left of its negative one', () => {
    for (const t of CAMPAIGN_TEMPLATES) {
      const def = t.build();
      const x = new Map(def.nodes.map((n) => [n.id, n.position.x]));
      for (const n of def.nodes) {
        const [positive, negative] = branchOutputs(n.type).map((h) =>
          def.edges.find((e) => e.source === n.id && e.sourceHandle === h.name)!,
        );
        if (!positive || !negative || positive.target === negative.target) continue;
        expect(x.get(positive.target)!, `${t.id} ${n.id}`).toBeLessThan(x.get(negative.target)!);
      }
    }
  });

  it('read in the launch review as the gallery describes them', () => {
    const review = (id: string) => reviewLaunch(findTemplate(id)!.build(), { senders: [{ accountId: 'a', premium: false }] });
    const connectionOnly = review('connection-only');
    expect(connectionOnly.sends.map((s) => s.message)).toEqual([
      'Hi {{firstName}}, I came across your work at {{company}} and would love to connect.',
    ]);
    expect(connectionOnly.paths.paths.map((p) => p.days)).toEqual([0, 14]);
    for (const id of ['scored-follow-up', 'inmail-fallback', 'email-push-fallback']) {
      const sends = review(id).sends;
      expect(sends.find((s) => s.nodeId === 'invite')!.message, id).toMatch(/^Hi \{\{firstName\}\}, I came across your work at/);
      expect(sends.find((s) => s.nodeId === 'thanks')!.message, id).toMatch(/I help teams like \{\{company\}\} book more meetings/);
    }
    // How long each template waits for a reply to its thank-you message, then on the invitation.
    expect(review('scored-follow-up').paths.paths[1]!.text).toMatch(/if no reply in 3 days: message “Hi \{\{firstName\}\}, just bumping/);
    for (const id of ['inmail-fallback', 'email-push-fallback'])
      expect(review(id).paths.paths[1]!.text).toMatch(/if no reply in 4 days: end$/);
    expect(review('email-push-fallback').paths.paths[2]!.days).toBe(14);
  });

  it('connection-only is the blank starter graph with a note: steps on a 300 × 150 grid, connections named after their output', () => {
    const def = findTemplate('connection-only')!.build();
    expect(def.nodes.map((n) => [n.id, n.position])).toEqual([
      ['start', { x: 0, y: 0 }],
      ['connection_request', { x: 0, y: 150 }],
      ['end', { x: 0, y: 300 }],
    ]);
    expect(def.edges).toStrictEqual([
      { id: 'e_start_next', source: 'start', target: 'connection_request' },
      { id: 'e_connection_request_accepted', source: 'connection_request', target: 'end', sourceHandle: 'accepted' },
      { id: 'e_connection_request_no_response', source: 'connection_request', target: 'end', sourceHandle: 'no_response' },
    ]);
  });

  it('scored follow-up keeps the score in icp_score; the email push hands over email, first name and company', () => {
    expect(
      findTemplate('scored-follow-up')!
        .build()
        .nodes.find((n) => n.id === 'score')!.data,
    ).toEqual({
      icpThreshold: 70,
      thresholdOperator: '>=',
      outputVariable: 'icp_score',
    });
    const push = findTemplate('email-push-fallback')!
      .build()
      .nodes.find((n) => n.id === 'email_push')!;
    expect(push.data.field_mappings).toEqual({ email: 'email', first_name: 'firstName', company: 'company' });
  });

  it('connection-only wires accepted and no_response to end (spec 3.3)', () => {
    const def = findTemplate('connection-only')!.build();
    expect(def.nodes.map((n) => n.type)).toEqual(['start', 'connection_request', 'end']);
    expect(def.edges.filter((e) => e.source === 'connection_request').map((e) => [e.sourceHandle, e.target])).toEqual([
      ['accepted', 'end'],
      ['no_response', 'end'],
    ]);
  });

  it('InMail fallback only goes to open profiles, so it needs no premium seat even with free senders', () => {
    const def = findTemplate('inmail-fallback')!.build();
    expect(validateWorkflow(def, { senders: [{ accountId: 'a', premium: false }] })).toEqual([]);
  });

  it('email fallback ships sample values and takes real ones from the gallery', () => {
    const t = findTemplate('email-push-fallback')!;
    const sample = t.build().nodes.find((n) => n.id === 'email_push')!;
    expect(sample.data).toMatchObject(SAMPLE_EMAIL_PUSH);
    expect(isSampleSetting(sample.data.credential_id)).toBe(true);
    expect(t.settings.map(settingKey)).toEqual(['email_push.credential_id', 'email_push.campaign_id']);
    const real = t
      .build({ 'email_push.credential_id': ' cred_42 ', 'email_push.campaign_id': 'camp_7' })
      .nodes.find((n) => n.id === 'email_push')!;
    expect(real.data).toMatchObject({ credential_id: 'cred_42', campaign_id: 'camp_7' });
    expect(isSampleSetting(real.data.credential_id)).toBe(false);
    // A blank answer keeps the sample value, so the graph stays valid (rule 9).
    expect(t.build({ 'email_push.credential_id': '  ' }).nodes.find((n) => n.id === 'email_push')!.data.credential_id).toBe(
      SAMPLE_EMAIL_PUSH.credential_id,
    );
  });
});
