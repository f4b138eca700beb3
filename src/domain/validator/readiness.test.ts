import { describe, expect, it } from 'vitest';
import { validateWorkflow } from '.';
import { findTemplate } from '../paths';
import type { WorkflowDefinition } from '../workflow-types';
import { blocksLaunch, isWebAddress, textLimitFor } from './readiness';
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

  it('blocks a launch on errors and on provider_limit / invalid_url warnings only', () => {
    expect(blocksLaunch(violation('cycle', 'x'))).toBe(true);
    expect(blocksLaunch(violation('provider_limit', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('invalid_url', 'x', { severity: 'warning' }))).toBe(true);
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
