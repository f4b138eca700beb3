import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { CATALOG, type NodeType } from '../catalog';
import { assignedVariant } from '../variants';
import type { RunProspect } from './prospect';
import { stepDecision, type Decision, type RunNode, type StepContext, type StepInput } from './step';

const NOW = Temporal.Instant.from('2026-03-06T15:00:00Z').epochMilliseconds; // Friday 10:00 in New York
const DAY = 86_400_000;
const prospect: RunProspect = {
  name: 'Ada Lovelace',
  company: 'Acme',
  customFields: { firstName: 'Ada', seniority: 'VP' },
  timeZone: 'America/New_York',
};
const ctx = (over: Partial<StepContext> = {}): StepContext => ({
  prospect,
  now: NOW,
  zone: 'America/New_York',
  arrivedBy: null,
  replied: false,
  ...over,
});
const node = (type: NodeType, data: Record<string, unknown> = {}): RunNode => ({
  id: `${type}_1`,
  type,
  data: { ...CATALOG[type].defaults(), ...data },
});
const decide = (type: NodeType, input: StepInput, data: Record<string, unknown> = {}, over: Partial<StepContext> = {}): Decision =>
  stepDecision(node(type, data), ctx(over), input);
const ENTER: StepInput = { kind: 'enter' };
const DONE: StepInput = { kind: 'result', status: 'done' };
const TIMEOUT: StepInput = { kind: 'timeout' };
const reply = (text = 'Sounds good'): StepInput => ({ kind: 'event', event: 'message_received', text });

describe('contract 9.3, step by step', () => {
  it('start takes its single output at once', () => {
    expect(decide('start', ENTER)).toEqual({ kind: 'take', handle: null });
  });

  it('end finishes, as not_qualified after not_qualified, as replied after a reply', () => {
    expect(decide('end', ENTER)).toEqual({ kind: 'end', outcome: 'finished' });
    expect(decide('end', ENTER, {}, { arrivedBy: 'not_qualified' })).toEqual({ kind: 'end', outcome: 'not_qualified' });
    expect(decide('end', ENTER, {}, { replied: true, arrivedBy: 'replied' })).toEqual({ kind: 'end', outcome: 'replied' });
  });

  it('delay waits exact minutes and hours, and calendar days in the prospect’s zone', () => {
    expect(decide('delay', ENTER, { delay_amount: 90, delay_type: 'minutes' })).toEqual({
      kind: 'wait',
      until: NOW + 90 * 60_000,
      on: [],
      timeoutHandle: null,
    });
    expect(decide('delay', ENTER, { delay_amount: 2, delay_type: 'hours' })).toMatchObject({ until: NOW + 2 * 3_600_000 });
    // Friday 10:00 + 3 days = Monday 10:00 New York time, across the spring change: 71 hours.
    expect(decide('delay', ENTER, { delay_amount: 3, delay_type: 'days' })).toMatchObject({ until: NOW + 3 * DAY - 3_600_000 });
    expect(decide('delay', TIMEOUT)).toEqual({ kind: 'take', handle: null });
  });

  it('icp_scoring reads the score field, else asks the executor, and branches on the threshold', () => {
    const scored = (fields: Record<string, string | number>): RunProspect => ({
      ...prospect,
      customFields: { ...prospect.customFields, ...fields },
    });
    expect(decide('icp_scoring', ENTER, { icpThreshold: 70 }, { prospect: scored({ icp_score: 80 }) })).toEqual({
      kind: 'take',
      handle: 'qualified',
    });
    expect(decide('icp_scoring', ENTER, { icpThreshold: 70 }, { prospect: scored({ icp_score: '69' }) })).toEqual({
      kind: 'take',
      handle: 'not_qualified',
    });
    expect(
      decide('icp_scoring', ENTER, { outputVariable: 'fit', icpThreshold: 5, thresholdOperator: '<' }, { prospect: scored({ fit: 3 }) }),
    ).toEqual({
      kind: 'take',
      handle: 'qualified',
    });
    const ask = decide('icp_scoring', ENTER);
    expect(ask).toMatchObject({ kind: 'act', action: { type: 'icp_scoring', window: false } });
    expect(ask.kind === 'act' && ask.action.limitKind).toBeFalsy();
    expect(decide('icp_scoring', { kind: 'result', status: 'done', result: { score: 90 } })).toEqual({ kind: 'take', handle: 'qualified' });
    expect(decide('icp_scoring', { kind: 'result', status: 'done', result: {} })).toMatchObject({ kind: 'end', outcome: 'failed' });
  });

  it('condition takes its output when true, else ends as condition_not_met; an unreadable one fails with the reason', () => {
    expect(decide('condition', ENTER, { condition: 'seniority is vp' })).toEqual({ kind: 'take', handle: null });
    expect(decide('condition', ENTER, { condition: 'company does not contain acme' })).toEqual({
      kind: 'end',
      outcome: 'condition_not_met',
    });
    expect(decide('condition', ENTER, { condition: 'company Acme' })).toMatchObject({
      kind: 'end',
      outcome: 'failed',
      error: expect.stringMatching(/^This condition can't be read: it has no test/),
    });
  });

  it('is_connected asks the executor and continues only when connected', () => {
    expect(decide('is_connected', ENTER)).toMatchObject({ kind: 'act', action: { type: 'is_connected', window: false } });
    expect(decide('is_connected', { kind: 'result', status: 'done', result: { connected: true } })).toEqual({ kind: 'take', handle: null });
    expect(decide('is_connected', { kind: 'result', status: 'done', result: { connected: false } })).toEqual({
      kind: 'end',
      outcome: 'condition_not_met',
    });
  });

  it('connection_request offers the rendered note (none without one), then waits for acceptance or wait_for_response_days', () => {
    expect(decide('connection_request', ENTER, { message_template: 'Hi {{firstName}} at {{company}}' })).toEqual({
      kind: 'act',
      action: {
        type: 'connection_request',
        window: true,
        limitKind: 'connection_request',
        payload: { text: 'Hi Ada at Acme', data: expect.objectContaining({ message_template: 'Hi {{firstName}} at {{company}}' }) },
      },
    });
    const empty = decide('connection_request', ENTER, { send_empty_request: true });
    expect(empty.kind === 'act' && 'text' in empty.action.payload).toBe(false);
    expect(decide('connection_request', DONE, { wait_for_response_days: 7 })).toEqual({
      kind: 'wait',
      until: NOW + 7 * DAY - 3_600_000,
      on: [{ event: 'invitation_accepted', handle: 'accepted' }],
      timeoutHandle: 'no_response',
    });
    expect(decide('connection_request', { kind: 'event', event: 'invitation_accepted' })).toEqual({ kind: 'take', handle: 'accepted' });
    expect(decide('connection_request', TIMEOUT)).toEqual({ kind: 'take', handle: 'no_response' });
  });

  it('a step with variants offers the prospect’s variant by the assignment (or the chosen winner, else the first), rendered, with its id', () => {
    const variants = [
      { variantId: 'a', label: 'Short', text: 'Hi {{firstName}}' },
      { variantId: 'b', label: 'Warm', text: 'Hello {{firstName}} at {{company}}', subject: 'For {{company}}' },
    ];
    const offered = (over: Partial<StepContext>) => {
      const d = decide('inmail', ENTER, { subject: 'Step subject', variants }, over);
      return d.kind === 'act' ? d.action : undefined;
    };
    expect(offered({})).toMatchObject({ variantId: 'a', payload: { text: 'Hi Ada', subject: 'Step subject' } });
    expect(offered({ assignment: { campaignId: 'c', prospectId: 'p', winners: { [node('inmail').id]: 'b' } } })).toMatchObject({
      variantId: 'b',
      payload: { text: 'Hello Ada at Acme', subject: 'For Acme' },
    });
    const step = node('inmail', { variants });
    const expected = assignedVariant(step, 'c1', 'p1')!;
    expect(offered({ assignment: { campaignId: 'c1', prospectId: 'p1' } })!.variantId).toBe(expected.variantId);
    expect(offered({ assignment: { campaignId: 'c1', prospectId: 'p1' } })!.payload.data).not.toHaveProperty('variants');
    expect(decide('inmail', ENTER)).not.toHaveProperty('action.variantId');
  });

  it('message types offer the rendered text (and InMail its subject), then wait for a reply or reply_wait_days', () => {
    for (const type of ['message', 'template_message', 'enhanced_message'] as const) {
      expect(decide(type, ENTER, { message_template: 'Hello {{firstName}}' })).toMatchObject({
        kind: 'act',
        action: { type, window: true, limitKind: 'message', payload: { text: 'Hello Ada' } },
      });
      expect(decide(type, DONE, { reply_wait_days: 2 })).toMatchObject({
        kind: 'wait',
        until: NOW + 2 * DAY - 3_600_000,
        timeoutHandle: 'no_reply',
      });
      expect(decide(type, reply())).toEqual({ kind: 'take', handle: 'replied' });
      expect(decide(type, TIMEOUT)).toEqual({ kind: 'take', handle: 'no_reply' });
    }
    expect(decide('inmail', ENTER, { subject: 'For {{firstName}}', message_template: 'Hi' })).toMatchObject({
      action: { limitKind: 'inmail', payload: { subject: 'For Ada', text: 'Hi' } },
    });
  });

  it('a wait without its days set waits the catalog default', () => {
    expect(decide('message', DONE, { reply_wait_days: undefined })).toMatchObject({ until: NOW + 3 * DAY - 3_600_000 });
  });

  it('messaging_app_message offers its text and takes its single output once done', () => {
    expect(decide('messaging_app_message', ENTER)).toMatchObject({ kind: 'act', action: { window: true, limitKind: 'message' } });
    expect(decide('messaging_app_message', DONE)).toEqual({ kind: 'take', handle: null });
  });

  it('triggers wait, without timeout, for their event (a post comment must contain the keyword)', () => {
    expect(decide('website_visitor_trigger', ENTER)).toEqual({
      kind: 'wait',
      until: null,
      on: [{ event: 'website_visit', handle: null }],
      timeoutHandle: null,
    });
    expect(decide('website_visitor_trigger', { kind: 'event', event: 'website_visit' })).toEqual({ kind: 'take', handle: null });
    expect(decide('new_connection_trigger', { kind: 'event', event: 'new_connection' })).toEqual({ kind: 'take', handle: null });
    expect(decide('new_connection_trigger', { kind: 'event', event: 'website_visit' })).toEqual({ kind: 'ignore' });
    const post = { keyword: 'Demo' };
    expect(decide('post_keyword_trigger', { kind: 'event', event: 'post_comment', text: 'I want a DEMO!' }, post)).toEqual({
      kind: 'take',
      handle: null,
    });
    expect(decide('post_keyword_trigger', { kind: 'event', event: 'post_comment', text: 'nice post' }, post)).toEqual({ kind: 'ignore' });
  });

  it('webhook and http_request are the engine’s own calls', () => {
    expect(decide('webhook', ENTER, { url: 'https://example.com/hook' })).toEqual({
      kind: 'call',
      method: 'POST',
      url: 'https://example.com/hook',
    });
    expect(decide('http_request', ENTER, { url: 'https://example.com/api', method: 'PUT' })).toEqual({
      kind: 'call',
      method: 'PUT',
      url: 'https://example.com/api',
    });
    expect(decide('http_request', DONE)).toEqual({ kind: 'take', handle: null });
  });

  it('every other type is one action; LinkedIn ones keep to the window and count against a limit', () => {
    expect(decide('profile_visit', ENTER)).toMatchObject({ action: { window: true, limitKind: 'profile_visit' } });
    expect(decide('follow', ENTER)).toMatchObject({ action: { window: true, limitKind: 'other' } });
    expect(decide('email_campaign_push_1', ENTER)).toMatchObject({ action: { window: true, limitKind: 'other' } });
    const finder = decide('email_finder_1', ENTER);
    expect(finder).toMatchObject({ kind: 'act', action: { type: 'email_finder_1', window: false } });
    expect(decide('research_agent', DONE)).toEqual({ kind: 'take', handle: null });
  });

  it('a failed action or call fails the enrollment with its error', () => {
    expect(decide('message', { kind: 'result', status: 'failed', error: 'Profile not found' })).toEqual({
      kind: 'end',
      outcome: 'failed',
      error: 'Profile not found',
    });
    expect(decide('webhook', { kind: 'result', status: 'failed', error: 'Answered 500' })).toMatchObject({ outcome: 'failed' });
  });

  it('stops on a reply at any step that does not wait for one', () => {
    for (const type of ['delay', 'website_visitor_trigger', 'connection_request', 'profile_visit'] as const)
      expect(decide(type, reply())).toEqual({ kind: 'end', outcome: 'replied' });
  });

  it('fails, not throws, on a type it does not know', () => {
    expect(stepDecision({ id: 'x', type: 'teleport', data: {} }, ctx(), ENTER)).toMatchObject({ kind: 'end', outcome: 'failed' });
  });
});
