import { describe, expect, it } from 'vitest';
import { validateWorkflow } from '../validator';
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
