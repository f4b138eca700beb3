import { describe, expect, it } from 'vitest';
import { accountSchema } from '../../domain/contract/conversations';
import { DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import { api, callTool, newWorkspace } from '../testing/fixtures';

/** Contract 10.2 over HTTP: PATCH /api/messaging/accounts/{id} and MCP update-sender-account. */

const todayUtc = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('a sender account’s time zone, weekly limits and warm-up (contract 10.2)', () => {
  it('lists the defaults, takes each field and keeps what is not given', async () => {
    const ws = await newWorkspace();
    const path = `/api/messaging/accounts/${ws.accounts.linkedinFree}`;
    const listed = accountSchema.parse((await api(ws.apiKey, 'GET', '/api/messaging/accounts')).body.items[0]);
    expect(listed).toMatchObject({ timeZone: 'UTC', weeklyLimits: { connection_request: 100 }, warmUp: null });

    // Yesterday: today in UTC may still be tomorrow in New York.
    const warmUp = { startDaily: 12, addPerDay: 4, startedOn: inDays(-1) };
    const res = await api(ws.apiKey, 'PATCH', path, {
      timeZone: 'america/new_york',
      weeklyLimits: { connection_request: 80, message: 300 },
      warmUp,
    });
    expect(res.status).toBe(200);
    expect(accountSchema.parse(res.body)).toMatchObject({
      timeZone: 'America/New_York',
      dailyLimits: DEFAULT_DAILY_LIMITS,
      weeklyLimits: { connection_request: 80, message: 300 },
      warmUp,
    });

    const removed = await api(ws.apiKey, 'PATCH', path, { weeklyLimits: { message: null }, warmUp: null });
    expect(removed.body).toMatchObject({ timeZone: 'America/New_York', weeklyLimits: { connection_request: 80 }, warmUp: null });
    expect(removed.body.weeklyLimits).not.toHaveProperty('message');

    const viaTool = await callTool(ws.apiKey, 'update-sender-account', {
      accountId: ws.accounts.linkedinFree,
      dailyLimits: { connection_request: 15 },
      weeklyLimits: { connection_request: 60 },
    });
    expect(viaTool.structured).toMatchObject({ dailyLimits: { connection_request: 15 }, weeklyLimits: { connection_request: 60 } });
  });

  it('refuses negative or absurd limits and a warm-up in the future with the field named, and changes nothing', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const path = `/api/messaging/accounts/${ws.accounts.linkedinFree}`;
    const before = (await api(ws.apiKey, 'GET', '/api/messaging/accounts')).body;
    const refused = async (body: unknown) => {
      const res = await api(ws.apiKey, 'PATCH', path, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      return res.body.errors.map((e: { path: string }) => e.path);
    };
    expect(await refused({ dailyLimits: { connection_request: -1 } })).toEqual(['dailyLimits.connection_request']);
    expect(await refused({ dailyLimits: { message: 1_001 } })).toEqual(['dailyLimits.message']);
    expect(await refused({ weeklyLimits: { connection_request: 10_001 } })).toEqual(['weeklyLimits.connection_request']);
    expect(await refused({ weeklyLimits: { inmail: -3 } })).toEqual(['weeklyLimits.inmail']);
    expect(await refused({ warmUp: { startDaily: 0, addPerDay: 1, startedOn: todayUtc() } })).toEqual(['warmUp.startDaily']);
    expect(await refused({ warmUp: { startDaily: 5, addPerDay: 60, startedOn: todayUtc() } })).toEqual(['warmUp.addPerDay']);
    expect(await refused({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone']);
    // A warm-up starting after today (in the account's zone, UTC here) — the whole patch is refused.
    const future = await api(ws.apiKey, 'PATCH', path, {
      dailyLimits: { message: 5 },
      warmUp: { startDaily: 5, addPerDay: 1, startedOn: inDays(2) },
    });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([{ path: 'warmUp.startedOn', message: expect.stringMatching(/must not be in the future/) }]);
    expect(future.body.detail).not.toMatch(/[a-z]+_[a-z]+/);

    const tool = await callTool(ws.apiKey, 'update-sender-account', {
      accountId: ws.accounts.linkedinFree,
      warmUp: { startDaily: 5, addPerDay: 1, startedOn: inDays(3) },
    });
    expect(tool.structured.error).toMatchObject({ code: 'invalid_arguments', errors: [{ path: 'warmUp.startedOn' }] });
    const badTool = await callTool(ws.apiKey, 'update-sender-account', {
      accountId: ws.accounts.linkedinFree,
      weeklyLimits: { message: -1 },
    });
    expect(badTool.structured.error.code).toBe('invalid_arguments');
    const missing = await callTool(other.apiKey, 'update-sender-account', { accountId: ws.accounts.linkedinFree, warmUp: null });
    expect(missing.structured.error).toMatchObject({ code: 'not_found', hint: expect.stringMatching(/senderAccountIds/) });

    expect((await api(ws.apiKey, 'GET', '/api/messaging/accounts')).body).toEqual(before);
  });
});
