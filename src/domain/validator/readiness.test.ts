import { describe, expect, it } from 'vitest';
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

  it('blocks a launch on errors and on provider_limit / invalid_url / condition_unreadable warnings only', () => {
    expect(blocksLaunch(violation('cycle', 'x'))).toBe(true);
    expect(blocksLaunch(violation('provider_limit', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('invalid_url', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('condition_unreadable', 'x', { severity: 'warning' }))).toBe(true);
    expect(blocksLaunch(violation('inmail_premium', 'x', { severity: 'warning' }))).toBe(false);
  });
});
