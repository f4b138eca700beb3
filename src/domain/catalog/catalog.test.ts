import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  FIELDS,
  NODE_CATEGORIES,
  NODE_TYPES,
  type NodeType,
  branchHandles,
  branchOutputs,
  isSend,
  nodeRole,
  providerLimit,
  requiredFields,
  typesWithRole,
} from './index';

describe('node catalog', () => {
  it('has exactly one entry per spec 2.3 type', () => {
    expect(Object.keys(CATALOG).sort()).toEqual([...NODE_TYPES].sort());
    for (const type of NODE_TYPES) expect(CATALOG[type].type).toBe(type);
  });

  it('declares the branching outputs of spec 2.4', () => {
    expect(branchHandles('icp_scoring')).toEqual(['qualified', 'not_qualified']);
    expect(branchHandles('connection_request')).toEqual(['accepted', 'no_response']);
    for (const t of ['message', 'template_message', 'enhanced_message', 'inmail'])
      expect(branchHandles(t)).toEqual(['replied', 'no_reply']);
    const branching = NODE_TYPES.filter((t) => CATALOG[t].outputs.kind === 'branch');
    expect(branching.sort()).toEqual(['connection_request', 'enhanced_message', 'icp_scoring', 'inmail', 'message', 'template_message']);
    expect(CATALOG.end.outputs.kind).toBe('none');
  });

  it('marks the sends of contract 5', () => {
    const sends = NODE_TYPES.filter(isSend).sort();
    expect(sends).toEqual([
      'connection_request',
      'email_campaign_push_1',
      'email_campaign_push_2',
      'email_campaign_push_3',
      'enhanced_message',
      'inmail',
      'message',
      'messaging_app_message',
      'template_message',
    ]);
  });

  it('gives every type valid defaults and a summary that never throws', () => {
    for (const type of NODE_TYPES) {
      const def = CATALOG[type];
      const data = def.defaults();
      expect(def.dataSchema.safeParse(data).success).toBe(true);
      expect(typeof def.summary(data)).toBe('string');
      expect(typeof def.summary({ icpThreshold: 'x', message_template: 5 })).toBe('string');
    }
    expect(CATALOG.delay.summary(CATALOG.delay.defaults())).toBe('Wait 1 day');
    expect(CATALOG.delay.summary({ delay_type: 'days', delay_amount: 3 })).toBe('Wait 3 days');
    expect(CATALOG.icp_scoring.summary({ icpThreshold: 70, thresholdOperator: '>=' })).toBe('Score ≥ 70');
  });
});

describe('graph roles', () => {
  it('names the types the rules of spec 4.1 talk about', () => {
    expect(nodeRole('start')).toBe('start');
    expect(nodeRole('end')).toBe('end');
    expect(nodeRole('icp_scoring')).toBe('scoring');
    expect(nodeRole('connection_request')).toBe('invitation');
    expect(nodeRole('cancel_invitation')).toBe('withdrawal');
    expect(nodeRole('delay')).toBe('delay');
    expect([...typesWithRole('awaits_reply')].sort()).toEqual(['enhanced_message', 'inmail', 'message', 'template_message']);
    expect([...typesWithRole('email_push')].sort()).toEqual(['email_campaign_push_1', 'email_campaign_push_2', 'email_campaign_push_3']);
    expect(NODE_TYPES.filter((t) => CATALOG[t].needsPremiumSeat)).toEqual(['inmail']);
    expect(nodeRole('profile_visit')).toBeUndefined();
    expect(nodeRole('nope')).toBeUndefined();
  });

  it('lists the required fields of rule 9', () => {
    expect(requiredFields('email_campaign_push_2')).toEqual(['credential_id', 'campaign_id']);
    expect(requiredFields('message')).toEqual([]);
    expect(requiredFields(42)).toEqual([]);
  });
});

describe('provider limits (contract 8.6)', () => {
  it('hold for the texts a step sends, its own limit first', () => {
    expect(providerLimit('connection_request', 'message_template')).toEqual({ max: 300, freeMax: 200, what: 'connection note' });
    expect(providerLimit('message', 'message_template')).toEqual({ max: 3000, what: 'message' });
    expect(providerLimit('inmail', 'subject')).toEqual({ max: 200, what: 'InMail subject' });
  });

  it('do not exist for steps that send nothing, fields without one, or unknown types', () => {
    expect(providerLimit('chat_notification', 'message_template')).toBeUndefined();
    expect(providerLimit('message', 'reply_wait_days')).toBeUndefined();
    expect(providerLimit('message', 'subject')).toBeUndefined();
    expect(providerLimit('nope', 'message_template')).toBeUndefined();
    expect(providerLimit(undefined, 'message_template')).toBeUndefined();
  });
});

describe('tool labels', () => {
  it('name what each numbered tool does, never its number (the type ids keep theirs)', () => {
    const entries = NODE_TYPES.map((t) => CATALOG[t]);
    const numbered = entries.filter((d) => /\d$/.test(d.type));
    expect(numbered.length).toBeGreaterThan(8);
    for (const d of numbered) expect(d.label, d.type).not.toMatch(/\d/);
    expect(new Set(entries.map((d) => d.label)).size).toBe(entries.length);
  });

  it('say what the three email destinations do and which tool each one uses', () => {
    expect(['email_campaign_push_1', 'email_campaign_push_2', 'email_campaign_push_3'].map((t) => CATALOG[t as NodeType].label)).toEqual([
      'Add to an email campaign (first email tool)',
      'Add to an email campaign (second email tool)',
      'Add to an email campaign (third email tool)',
    ]);
  });

  it('never end a step, field or category label with a bare number', () => {
    const labels = [
      ...NODE_TYPES.map((t) => CATALOG[t].label),
      ...NODE_TYPES.flatMap((t) => branchOutputs(t).map((b) => b.label)),
      ...Object.values(FIELDS).map((f) => f.label),
      ...NODE_CATEGORIES.map((c) => c.label),
    ];
    for (const label of labels) expect(label).not.toMatch(/\d\)?$/);
  });
});
