import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSession } from '../session';
import { apiCall, ApiProblem, APP_CLIENT_HEADERS, CLIENT_ERROR_CODES } from './http';
import { fakeApi } from './testing';

const okSchema = z.object({ ok: z.boolean() });

afterEach(() => vi.unstubAllGlobals());

describe('apiCall, the app’s one API client', () => {
  it('sends the key and this tab’s headers, and the chosen workspace in the query of a read', async () => {
    const { sent } = fakeApi({ 'GET /api/things': { body: { ok: true } } });
    const { data } = await apiCall(okSchema, '/api/things', { query: { limit: 5, cursor: undefined } });
    expect(data).toEqual({ ok: true });
    expect(sent[0]).toMatchObject({ query: { limit: '5', workspaceId: 'ws-1' }, body: undefined });
    expect(sent[0]!.headers).toMatchObject({ Authorization: 'Bearer key-1', ...APP_CLIENT_HEADERS });
  });

  it('puts the workspace in the body of a write, and sends a JSON object even without other fields', async () => {
    const { sent } = fakeApi({ 'POST /api/things': { body: { ok: true } }, 'PATCH /api/things/1': { body: { ok: true } } });
    await apiCall(okSchema, '/api/things', { method: 'POST' });
    await apiCall(okSchema, '/api/things/1', { method: 'PATCH', body: { name: 'A' }, workspace: 'query' });
    expect(sent[0]).toMatchObject({ query: {}, body: { workspaceId: 'ws-1' } });
    expect(sent[1]).toMatchObject({ query: { workspaceId: 'ws-1' }, body: { name: 'A' } });
  });

  it('adds no workspace when the key grants one (none chosen) or the call says none', async () => {
    const { sent } = fakeApi({ 'GET /api/things': { body: { ok: true } }, 'POST /api/things': { body: { ok: true } } }, null);
    await apiCall(okSchema, '/api/things');
    await apiCall(okSchema, '/api/things', { method: 'POST' });
    useSession.setState({ workspaceId: 'ws-2' });
    await apiCall(okSchema, '/api/things', { workspace: 'none' });
    expect(sent.map((r) => [r.query, r.body])).toEqual([
      [{}, undefined],
      [{}, {}],
      [{}, undefined],
    ]);
  });

  it('turns an answer that does not match the contract schema into a clear bad_response problem', async () => {
    fakeApi({ 'GET /api/things': { body: { ok: 'yes' } } });
    const error = await apiCall(okSchema, '/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.badResponse, message: expect.stringContaining('GET /api/things') });
  });

  it('surfaces a problem+json answer with its code, detail and field errors', async () => {
    fakeApi({
      'POST /api/things': {
        status: 400,
        body: { code: 'invalid_request', detail: 'Name is missing.', errors: [{ path: 'name', message: 'Required' }] },
      },
    });
    await expect(apiCall(okSchema, '/api/things', { method: 'POST' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'Name is missing.',
      errors: [{ path: 'name', message: 'Required' }],
    });
  });

  it('says the server could not be reached when the request never got an answer', async () => {
    fakeApi({ 'GET /api/things': new TypeError('Failed to fetch') });
    await expect(apiCall(okSchema, '/api/things')).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('signs out when the server refuses the key', async () => {
    fakeApi({ 'GET /api/things': { status: 401, body: { code: 'unauthorized', detail: 'Unknown key.' } } });
    await expect(apiCall(okSchema, '/api/things')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ apiKey: null, rejected: { apiKey: 'key-1' } });
  });
});
