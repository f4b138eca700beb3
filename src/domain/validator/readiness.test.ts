import { describe, expect, it } from 'vitest';
import { validateWorkflow } from '.';
import { findTemplate } from '../paths';
import type { WorkflowDefinition } from '../workflow-types';
import { blocksLaunch, fixPlaceholderCase, isWebAddress, placeholderCaseFixes, textLimitFor } from './readiness';
import { violation } from './violation';

describe('contract 8.6 launch readiness', () => {
  it.each([
    ['https://example.com', true],
    ['http://api.example.com/v1/leads?x=1#y', true],
    ['HTTPS://EXAMPLE.COM/Path', true],
    ['not a url', false],
    ['example.com', false],
    ['ftp://example.com/file', false],
    ['http:example.com', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['javascript:alert(1)', false],
    ['xhttps://example.com', false],
    ['see https://example.com', false],
    ['https://example.com/a page', false],
    ['http://:80', false],
  ])('%s is a web address: %s', (text, expected) => {
    expect(isWebAddress(text)).toBe(expected);
  });

  it('narrows the connection note to 200 only when a known sender has no premium seat', () => {
    expect(textLimitFor('connection_request', 'message_template', undefined)).toBe(300);
    expect(textLimitFor('connection_request', 'message_template', { senders: [{ accountId: 'a', premium: true }] })).toBe(300);
    expect(textLimitFor('connection_request', 'message_template', { senders: [{ accountId: 'a', premium: false }] })).toBe(200);
    expect(textLimitFor('inmail', 'subject', undefined)).toBe(200);
    expect(textLimitFor('message', 'message_template', undefined)).toBe(3000);
    // Not sent to the network: a team notification and a step without the field have no limit.
    expect(textLimitFor('chat_notification', 'message_template', undefined)).toBeUndefined();
    expect(textLimitFor('delay', 'message_template', undefined)).toBeUndefined();
  });

  it('blocks a launch on errors and on provider_limit / invalid_url / condition_unreadable warnings only', () => {
    expect(blocksLaunch(violation('cycle', 'x'))).toBe(true);
    expect(blocksLaunch(violation('provider_limit', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('invalid_url', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('condition_unreadable', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('inmail_premium', 'x', { severity: 'warning' }))).toBe(false);
    expect(blocksLaunch(violation('no_sender', 'x', { severity: 'warning' }))).toBe(true);
  });
});

describe('contract 9.4 no_sender', () => {
  const invite: WorkflowDefinition = findTemplate('connection-only')!.build();
  const whatsApp: WorkflowDefinition = {
    ...invite,
    nodes: invite.nodes.map((n) =>
      n.type === 'connection_request' ? { ...n, type: 'messaging_app_message', data: { message_template: 'Hi' } } : n,
    ),
    edges: invite.edges
      .filter((e) => e.sourceHandle !== 'no_response')
      .map((e) => (e.sourceHandle ? { id: e.id, source: e.source, target: e.target } : e)),
  };
  const noSender = (def: WorkflowDefinition, senders?: { channel: 'professional_network' | 'messaging_app' }[]) =>
    validateWorkflow(def, senders ? { senders: senders.map((s, i) => ({ accountId: `a${i}`, premium: false, ...s })) } : undefined).filter(
      (v) => v.code === 'no_sender',
    );

  it('warns once, on the campaign, when the senders are known and none has the sending steps’ channel', () => {
    const [warning, ...rest] = noSender(invite, []);
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ severity: 'warning', rule: '2' });
    expect(warning!.nodeId).toBeUndefined();
    expect(warning!.message).toMatch(/add a LinkedIn account .*it sends Connection request/);
    expect(noSender(invite, [{ channel: 'messaging_app' }])).toHaveLength(1);
  });

  it('says nothing when a sender of that channel is there, or the senders are unknown', () => {
    expect(noSender(invite, [{ channel: 'professional_network' }])).toEqual([]);
    expect(noSender(invite)).toEqual([]);
    expect(validateWorkflow(whatsApp, { senders: [] }).filter((v) => v.severity === 'error')).toEqual([]);
    expect(noSender(whatsApp, [{ channel: 'messaging_app' }])).toEqual([]);
    expect(noSender(whatsApp, [{ channel: 'professional_network' }])[0]!.message).toMatch(/a WhatsApp account/);
  });
});

describe('launch-blocking warnings in the templates and settings', () => {
  const withInvite = (data: Record<string, unknown>): WorkflowDefinition => {
    const def = findTemplate('connection-only')!.build();
    Object.assign(def.nodes[1]!.data, data);
    return def;
  };
  const withDelay = (data: Record<string, unknown>): WorkflowDefinition => {
    const def = findTemplate('connection-only')!.build();
    def.nodes.push({ id: 'wait', type: 'delay', position: { x: 0, y: 0 }, data });
    def.edges = def.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'wait' } : e));
    def.edges.push({ id: 'e_wait', source: 'wait', target: 'end' });
    return def;
  };

  it('names a wrong-case placeholder with its fix, as a warning that blocks the launch', () => {
    const [v, ...rest] = validateWorkflow(withInvite({ message_template: 'Hi {{FirstName}} at {{company}}, {{jobtitle}} {{FirstName}}' }));
    expect(rest).toEqual([]);
    expect(v).toMatchObject({
      code: 'template_invalid',
      severity: 'warning',
      nodeId: 'connection_request',
      path: 'nodes.1.data.message_template',
    });
    expect(v!.message).toMatch(/wrong case.*\{\{FirstName\}\} → \{\{firstName\}\}, \{\{jobtitle\}\} → \{\{jobTitle\}\}$/);
    expect(blocksLaunch(v!)).toBe(true);
    expect(validateWorkflow(withInvite({ message_template: 'Hi {{firstName}}, {{favouriteColour}}' }))).toEqual([]);
  });

  it('warns about a Delay without a duration (launch-blocking), and leaves a wrong value to the field check', () => {
    const [v, ...rest] = validateWorkflow(withDelay({ delay_type: 'days' }));
    expect(rest).toEqual([]);
    expect(v).toMatchObject({ code: 'invalid_field', severity: 'warning', nodeId: 'wait', path: 'nodes.3.data.delay_amount' });
    expect(v!.message).toBe('Delay has no duration: set how long it waits');
    expect(blocksLaunch(v!)).toBe(true);
    expect(validateWorkflow(withDelay({ delay_type: 'days', delay_amount: 2 }))).toEqual([]);
    expect(validateWorkflow(withDelay({ delay_amount: 0 })).map((x) => `${x.code}/${x.severity}`)).toEqual(['invalid_field/error']);
  });
});

describe('placeholders in the wrong case', () => {
  it('names each with the one it means, and writes the text with those', () => {
    expect(placeholderCaseFixes('Hi {{FirstName}} at {{COMPANY}}, {{firstName}} {{unknownThing}}')).toEqual([
      { wrong: 'FirstName', right: 'firstName' },
      { wrong: 'COMPANY', right: 'company' },
    ]);
    expect(fixPlaceholderCase('Hi {{FirstName}}, {{FirstName}} at {{COMPANY}}')).toBe('Hi {{firstName}}, {{firstName}} at {{company}}');
    expect(placeholderCaseFixes(42)).toEqual([]);
    expect(fixPlaceholderCase('Hi {{ broken')).toBe('Hi {{ broken');
  });
});
