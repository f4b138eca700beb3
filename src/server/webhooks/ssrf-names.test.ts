import type { LookupAddress } from 'node:dns';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendWebhook } from './sender';
import { checkDestination, guardedLookup } from './ssrf';
import { startReceiver, type Receiver } from '../testing/webhooks';

/**
 * Contract 6's address guard for webhook URLs that are names, not IP literals: at creation every
 * answer of the name is judged, and at send time the address actually connected to. Names resolve
 * through a stub of node:dns (this table, nothing from the network); a name not in it does not resolve.
 */
const dns = vi.hoisted(() => ({ answers: new Map<string, string[]>(), asked: [] as string[] }));
vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
  const lookup = (hostname: string, options: { all?: boolean }, callback: Callback) => {
    dns.asked.push(hostname);
    const answers = (dns.answers.get(hostname) ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    setImmediate(() => {
      if (answers.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, answers);
      callback(null, answers[0]!.address, answers[0]!.family);
    });
  };
  return { ...real, lookup, default: { ...real, lookup } };
});

const PUBLIC = '93.184.216.34';
beforeEach(() => {
  dns.answers.clear();
  dns.asked.length = 0;
});

describe('creating an endpoint whose URL is a name', () => {
  it('accepts a name whose answers are all public', async () => {
    dns.answers.set('hooks.example.test', [PUBLIC, '2606:4700::1111']);
    expect(await checkDestination('https://hooks.example.test/x', false)).toBeNull();
    expect(dns.asked).toEqual(['hooks.example.test']);
  });

  it('refuses a name when any of its answers is private, naming the name and the address', async () => {
    dns.answers.set('intranet.example.test', ['10.0.0.5']);
    dns.answers.set('mixed.example.test', [PUBLIC, 'fd00::5']);
    dns.answers.set('metadata.example.test', ['::ffff:169.254.169.254']);
    expect(await checkDestination('http://intranet.example.test/x', false)).toBe(
      'intranet.example.test resolves to 10.0.0.5, a private, loopback or link-local address',
    );
    expect(await checkDestination('http://mixed.example.test./x', false)).toBe(
      'mixed.example.test resolves to fd00::5, a private, loopback or link-local address',
    );
    expect(await checkDestination('http://metadata.example.test/', false)).toMatch(/resolves to ::ffff:169\.254\.169\.254/);
  });

  it('lets a name that does not resolve yet pass (the send-time check still applies)', async () => {
    expect(await checkDestination('http://nowhere.example.test/x', false)).toBeNull();
  });

  it('refuses localhost names without asking the resolver, whatever it would answer', async () => {
    for (const name of ['localhost', 'api.localhost']) dns.answers.set(name, [PUBLIC]);
    expect(await checkDestination('http://localhost:3000/x', false)).toBe('localhost is a loopback name');
    expect(await checkDestination('http://LOCALHOST./x', false)).toBe('localhost is a loopback name');
    expect(await checkDestination('http://api.localhost/x', false)).toBe('api.localhost is a loopback name');
    expect(await checkDestination('http://./x', false)).toBe('the host is a loopback name');
    expect(dns.asked).toEqual([]);
    // a name that merely ends in "localhost" is an ordinary name
    dns.answers.set('notlocalhost.example.test', [PUBLIC]);
    expect(await checkDestination('http://notlocalhost.example.test/x', false)).toBeNull();
  });

  it('judges an IP literal itself, without resolving it', async () => {
    expect(await checkDestination('http://10.0.0.5:8080/x', false)).toBe('10.0.0.5 is a private, loopback or link-local address');
    expect(await checkDestination('http://[::ffff:7f00:1]/x', false)).toBe('::ffff:7f00:1 is a private, loopback or link-local address');
    expect(await checkDestination(`http://${PUBLIC}/x`, false)).toBeNull();
    expect(dns.asked).toEqual([]);
  });

  it('asks nothing when private destinations are allowed', async () => {
    expect(await checkDestination('http://intranet.example.test/x', true)).toBeNull();
    expect(await checkDestination('http://localhost/x', true)).toBeNull();
    expect(dns.asked).toEqual([]);
  });
});

describe('sending to a name', () => {
  const receivers: Receiver[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));
  const base = { secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`, eventId: 'msg_1', body: '{"a":1}', timeoutMs: 5000 };
  /** A receiver on 127.0.0.1 reached by `name`. */
  const receiverAt = async (name: string) => {
    const r = await startReceiver(204);
    receivers.push(r);
    dns.answers.set(name, ['127.0.0.1']);
    return { r, url: r.url.replace('127.0.0.1', name) };
  };

  it('refuses a name that resolves to a private address, naming it, and sends nothing', async () => {
    const { r, url } = await receiverAt('receiver.example.test');
    const outcome = await sendWebhook({ ...base, url, allowPrivate: false });
    expect(outcome).toMatchObject({
      ok: false,
      status: null,
      error: 'refused: destination 127.0.0.1 is private, loopback or link-local (set WEBHOOK_ALLOW_PRIVATE=1 to allow)',
    });
    expect(r.received).toHaveLength(0);
  });

  it('sends to the address the name resolves to when private destinations are allowed', async () => {
    const { r, url } = await receiverAt('allowed.example.test');
    expect(await sendWebhook({ ...base, url, allowPrivate: true })).toMatchObject({ ok: true, status: 204, error: null });
    expect(r.received.map((q) => q.body)).toEqual(['{"a":1}']);
  });

  it('refuses at send time a name that resolved publicly at creation and privately now (DNS rebinding)', async () => {
    const { r, url } = await receiverAt('rebind.example.test');
    dns.answers.set('rebind.example.test', [PUBLIC]);
    expect(await checkDestination(url, false)).toBeNull();
    dns.answers.set('rebind.example.test', [PUBLIC, '127.0.0.1']);
    expect((await sendWebhook({ ...base, url, allowPrivate: false })).error).toMatch(/^refused: destination 127\.0\.0\.1 /);
    expect(r.received).toHaveLength(0);
  });

  it('reports a name that does not resolve as a network error', async () => {
    const outcome = await sendWebhook({ ...base, url: 'http://nowhere.example.test/hook', allowPrivate: false });
    expect(outcome).toMatchObject({ ok: false, status: null });
    expect(outcome.error).toMatch(/^network error: .*ENOTFOUND nowhere\.example\.test/);
  });

  it('answers a single-address lookup (a caller that asks for one family) with one address', async () => {
    dns.answers.set('one.example.test', ['127.0.0.1', '::1']);
    const answer = await new Promise<unknown[]>((resolve) =>
      guardedLookup(true)('one.example.test', { family: 4 }, (...args: unknown[]) => resolve(args)),
    );
    expect(answer).toEqual([null, '127.0.0.1', 4]);
  });
});
