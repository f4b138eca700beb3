import { afterAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './sender';
import { checkDestination, isPrivateAddress } from './ssrf';
import { startReceiver } from '../testing/webhooks';

describe('SSRF guard (contract 6)', () => {
  const cases: [string, boolean][] = [
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['fc00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::10.0.0.1', true],
    ['2606:4700::1111', false],
    ['[::1]', true],
    ['not-an-ip', true],
    // IPv4-compatible (deprecated) addresses carry an IPv4 address in the last 32 bits.
    ['::127.0.0.1', true],
    ['::7f00:1', true],
    ['::10.1.2.3', true],
    ['::8.8.8.8', false],
    // 6to4: 2002:AABB:CCDD:: tunnels to AA.BB.CC.DD.
    ['2002:7f00:1::', true],
    ['2002:a00:1::1', true],
    ['2002:c0a8:101::', true],
    ['2002:808:808::1', false],
    // NAT64: the well-known prefix embeds the IPv4 address; the local-use prefix is not public.
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::808:808', false],
    ['64:ff9b:1::808:808', true],
    // IPv4-mapped and -translated forms.
    ['::ffff:10.0.0.1', true],
    ['::ffff:0:7f00:1', true],
    ['::ffff:169.254.169.254', true],
    // Teredo: server 2001:0:SSSS:SSSS, client = last 32 bits inverted.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true], // client 127.0.0.1
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false], // server 65.54.227.120, client 8.8.8.8
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', true], // server 10.0.0.1
    // Other special ranges.
    ['2001:db8::1', true],
    ['100::1', true],
    ['fec0::1', true],
    ['ff02::1', true],
    ['192.0.2.1', true],
    ['198.18.0.1', true],
    ['fe80::1%eth0', true],
    // IPv4-translated (RFC 6145) and IPv4-compatible forms of public and private addresses
    ['::ffff:0:808:808', false],
    ['::10.0.0.1', true],
    ['::2', true],
    // brackets around the whole address and a zone index are not part of it; anything else is not an address
    ['[2606:4700::1111]', false],
    ['2606:4700::1111%eth0', false],
    ['8.8.[8.8', true],
    ['8.8.]8.8', true],
    ['134744072', true], // 8.8.8.8 as one number: only four-part decimal IPv4 is read
  ];
  it.each(cases)('isPrivateAddress(%s) = %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });

  it('refuses private destinations at creation unless allowed', async () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://[::1]/x',
      'http://10.0.0.5/x',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:3000/x',
      'http://api.localhost/x',
      'http://[::127.0.0.1]/',
      'http://[2002:7f00:1::]/',
      'http://localhost.:8080/',
      'http://localhost../',
      'http://LOCALHOST.:8080/',
      'http://api.localhost./x',
      'http://127.0.0.1./x',
      'http://0x7f.1/x',
      'http://2130706433/x',
      'http://[::ffff:127.0.0.1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    ]) {
      expect(await checkDestination(url, false)).toMatch(/private|loopback/);
      expect(await checkDestination(url, true)).toBeNull();
    }
    expect(await checkDestination('https://8.8.8.8/hook', false)).toBeNull();
  });

  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  it('refuses at send time on the resolved address: nothing reaches a loopback receiver', async () => {
    const r = await startReceiver(204);
    receivers.push(r);
    const base = { secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`, eventId: 'msg_1', body: '{"a":1}' };
    // by IP literal and by a name that resolves to loopback
    for (const url of [r.url, r.url.replace('127.0.0.1', 'localhost')]) {
      const outcome = await sendWebhook({ ...base, url, allowPrivate: false });
      expect(outcome).toMatchObject({ ok: false, status: null });
      expect(outcome.error).toMatch(/refused/);
    }
    expect(r.received).toHaveLength(0);
    expect(await sendWebhook({ ...base, url: r.url, allowPrivate: true })).toMatchObject({ ok: true, status: 204, error: null });
    expect(r.received).toHaveLength(1);
  });

  it('reports network errors and non-2xx as failed outcomes, never throws', async () => {
    const r = await startReceiver(503);
    receivers.push(r);
    const base = { secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`, eventId: 'msg_1', body: '{}', allowPrivate: true };
    expect(await sendWebhook({ ...base, url: r.url })).toMatchObject({ ok: false, status: 503, error: 'HTTP 503' });
    const closed = await sendWebhook({ ...base, url: 'http://127.0.0.1:1/x' });
    expect(closed).toMatchObject({ ok: false, status: null });
    expect(closed.error).toMatch(/network error/);
  });
});
