import { describe, expect, it } from 'vitest';
import { enrollResultSchema } from '../../domain/contract/enrollments';
import {
  addExclusionsResultSchema,
  audienceCheckSchema,
  exclusionPageSchema,
  exclusionSchema,
  importExclusionsResultSchema,
} from '../../domain/contract/exclusions';
import { prospectPageSchema } from '../../domain/contract/prospects';
import { createDraft } from '../testing/campaigns';
import { api, callTool, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';

/** Contract 10.3's do-not-contact list over real HTTP: add, import, list, remove, its MCP twins, bad input, and enrolling. */

const list = async (ws: TestWorkspace, query = '') => {
  const res = await api(ws.apiKey, 'GET', `/api/v1/exclusions?limit=250${query}`);
  expect(res.status).toBe(200);
  return exclusionPageSchema.parse(res.body);
};
const add = (ws: TestWorkspace, body: unknown, headers: Record<string, string> = {}) =>
  api(ws.apiKey, 'POST', '/api/v1/exclusions', body, headers);
const importRows = (ws: TestWorkspace, exclusions: unknown[]) => api(ws.apiKey, 'POST', '/api/v1/exclusions/import', { exclusions });

describe('POST /api/v1/exclusions', () => {
  it('adds one entry in its stored form (201); the same kind and value again answers the entry already there (200)', async () => {
    const ws = await newWorkspace();
    const first = await add(
      ws,
      { kind: 'profile', value: 'http://uk.linkedin.com/in/Ada/?trk=x', reason: ' Customer ' },
      { 'X-Client': 'app' },
    );
    expect(first.status).toBe(201);
    const entry = exclusionSchema.parse(first.body);
    expect(entry).toMatchObject({ kind: 'profile', value: 'https://www.linkedin.com/in/ada', reason: 'Customer', createdBy: 'studio' });
    const again = await add(ws, { kind: 'profile', value: 'linkedin.com/in/ADA', reason: 'Another reason' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(entry);
    const company = await add(ws, { kind: 'company', value: ' Acme Corp ', reason: 'Competitor' });
    expect(exclusionSchema.parse(company.body)).toMatchObject({ value: 'Acme Corp', createdBy: 'agent' });
    expect((await add(ws, { kind: 'company', value: 'ACME CORP', reason: 'x' })).status).toBe(200);
    expect((await add(ws, { kind: 'domain', value: '@Acme.com', reason: 'Customer' })).body).toMatchObject({ value: 'acme.com' });
    expect((await list(ws)).items.map((e) => e.kind)).toEqual(['domain', 'company', 'profile']);
  });

  it('refuses bad input with clear errors and changes nothing', async () => {
    const ws = await newWorkspace();
    const errorsOf = async (body: unknown) => {
      const res = await add(ws, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      return res.body.errors as { path: string; message: string }[];
    };
    expect(await errorsOf({ kind: 'company', value: 'Acme', reason: '' })).toEqual([{ path: 'reason', message: 'is required' }]);
    expect(await errorsOf({ kind: 'company', value: 'Acme', reason: 'x'.repeat(201) })).toEqual([
      { path: 'reason', message: 'must be at most 200 characters' },
    ]);
    expect((await errorsOf({ kind: 'person', value: 'Acme', reason: 'x' })).map((e) => e.path)).toEqual(['kind']);
    expect(await errorsOf({ kind: 'profile', value: 'https://twitter.com/ada', reason: 'x' })).toEqual([
      { path: 'value', message: expect.stringMatching(/^twitter\.com is not LinkedIn or WhatsApp: use a LinkedIn profile link/) },
    ]);
    expect(await errorsOf({ kind: 'domain', value: 'not a domain', reason: 'x' })).toEqual([
      { path: 'value', message: expect.stringContaining('e-mail domain such as acme.com') },
    ]);
    expect((await errorsOf({ kind: 'company', value: 'Acme', reason: 'x', extra: 1 })).map((e) => e.path)).toEqual(['extra']);
    expect((await add(ws, { kind: 'company', value: 'a\u0000b', reason: 'x' })).status).toBe(400);
    expect((await list(ws)).items).toEqual([]);
  });
});

describe('POST /api/v1/exclusions/import', () => {
  it('stores the valid rows, reports the others by index and field, skips those already there', async () => {
    const ws = await newWorkspace();
    await add(ws, { kind: 'domain', value: 'acme.com', reason: 'Customer' });
    const res = await importRows(ws, [
      { kind: 'domain', value: 'ACME.com', reason: 'Customer' },
      { kind: 'company', value: 'Globex', reason: 'Competitor' },
      { kind: 'company', value: 'globex ', reason: 'Repeated in the file' },
      { kind: 'profile', value: 'https://www.figma.com/@ada', reason: 'x' },
      { kind: 'company', value: 'Initech', reason: '' },
      { kind: 'company', value: 'Hooli', reason: 'x'.repeat(201) },
      'not an object',
      { kind: 'profile', value: 'https://wa.me/+33612345678', reason: 'Asked not to be contacted' },
    ]);
    expect(res.status).toBe(200);
    const body = importExclusionsResultSchema.parse(res.body);
    expect(body).toMatchObject({ created: 2, skipped: 2 });
    expect(body.errors.map((e) => [e.index, e.path])).toEqual([
      [3, 'value'],
      [4, 'reason'],
      [5, 'reason'],
      [6, ''],
    ]);
    const items = (await list(ws)).items;
    expect(items.map((e) => [e.kind, e.value, e.createdBy]).sort()).toEqual([
      ['company', 'Globex', 'import'],
      ['domain', 'acme.com', 'agent'],
      ['profile', 'https://wa.me/33612345678', 'import'],
    ]);
  });

  it('takes 10,000 rows; 10,001 or none is refused whole, nothing changed', async () => {
    const ws = await newWorkspace();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'domain', value: `d${i}.example`, reason: 'Bulk list' }));
    const tooMany = await importRows(ws, rows(10_001));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].path).toBe('exclusions');
    expect((await importRows(ws, [])).status).toBe(400);
    expect((await list(ws)).items).toEqual([]);
    expect(importExclusionsResultSchema.parse((await importRows(ws, rows(10_000))).body)).toEqual({
      created: 10_000,
      skipped: 0,
      errors: [],
    });
    const page = exclusionPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/exclusions?limit=3')).body);
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).not.toBeNull();
  }, 120_000);
});

describe('GET and DELETE /api/v1/exclusions', () => {
  it('filters by kind, search and the person, pages by cursor, removes one, and shows nothing of another workspace', async () => {
    const ws = await newWorkspace();
    await importRows(ws, [
      { kind: 'company', value: 'Acme Corp', reason: 'Customer' },
      { kind: 'domain', value: 'acme.example', reason: 'Customer' },
      { kind: 'profile', value: 'https://www.linkedin.com/in/bob', reason: 'Asked us to stop' },
      { kind: 'company', value: 'Globex', reason: 'Competitor' },
    ]);
    await api(ws.apiKey, 'POST', '/api/v1/prospects/import', {
      prospects: [{ profileUrl: 'https://www.linkedin.com/in/ann', company: ' acme corp', email: 'ann@eu.acme.example' }],
    });
    const values = async (query: string) => (await list(ws, query)).items.map((e) => e.value).sort();
    expect(await values('&kind=company')).toEqual(['Acme Corp', 'Globex']);
    expect(await values('&search=STOP')).toEqual(['https://www.linkedin.com/in/bob']);
    expect(await values(`&profileUrl=${encodeURIComponent('http://linkedin.com/in/Ann/')}`)).toEqual(['Acme Corp', 'acme.example']);
    expect(await values(`&profileUrl=${encodeURIComponent('https://www.linkedin.com/in/bob')}`)).toEqual([
      'https://www.linkedin.com/in/bob',
    ]);
    expect(await values(`&profileUrl=${encodeURIComponent('https://www.linkedin.com/in/nobody')}`)).toEqual([]);

    const first = exclusionPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/exclusions?limit=2')).body);
    const second = exclusionPageSchema.parse(
      (await api(ws.apiKey, 'GET', `/api/v1/exclusions?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)).body,
    );
    expect(new Set([...first.items, ...second.items].map((e) => e.exclusionId)).size).toBe(4);
    expect(second.nextCursor).toBeNull();
    const foreign = await api(ws.apiKey, 'GET', `/api/v1/exclusions?limit=2&kind=domain&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(foreign.body.code).toBe('invalid_cursor');

    const other = await newWorkspace();
    const id = first.items[0]!.exclusionId;
    expect((await list(other)).items).toEqual([]);
    expect((await api(other.apiKey, 'DELETE', `/api/v1/exclusions/${id}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'DELETE', `/api/v1/exclusions/${id}`)).status).toBe(204);
    expect((await api(ws.apiKey, 'DELETE', `/api/v1/exclusions/${id}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'DELETE', '/api/v1/exclusions/not-a-uuid')).status).toBe(400);
    expect((await list(ws)).items).toHaveLength(3);
    expect((await api(ws.apiKey, 'GET', '/api/v1/exclusions?kind=person')).status).toBe(400);
  });
});

describe('the MCP twins', () => {
  it('add-exclusions (one or many), list-exclusions and remove-exclusion answer the REST bodies, with errors that say what to do', async () => {
    const ws = await newWorkspace();
    const added = await callTool(ws.apiKey, 'add-exclusions', {
      exclusions: [
        { kind: 'domain', value: 'acme.com', reason: 'Customer' },
        { kind: 'company', value: 'Acme', reason: '' },
      ],
    });
    expect(added.isError).toBe(false);
    const result = addExclusionsResultSchema.parse(added.structured);
    expect(result).toMatchObject({ created: 1, skipped: 0, errors: [{ index: 1, path: 'reason' }] });
    expect(result.items).toEqual([expect.objectContaining({ kind: 'domain', value: 'acme.com', createdBy: 'agent' })]);
    const listed = await callTool(ws.apiKey, 'list-exclusions', { kind: 'domain' });
    expect(exclusionPageSchema.parse(listed.structured).items).toEqual(result.items);
    const removed = await callTool(ws.apiKey, 'remove-exclusion', { exclusionId: result.items[0]!.exclusionId });
    expect(removed.structured).toEqual({ exclusionId: result.items[0]!.exclusionId, removed: true });
    const again = await callTool(ws.apiKey, 'remove-exclusion', { exclusionId: result.items[0]!.exclusionId });
    expect(again.isError).toBe(true);
    expect(again.structured.error).toMatchObject({ code: 'not_found', hint: expect.stringContaining('list-exclusions') });
    const bad = await callTool(ws.apiKey, 'add-exclusions', { exclusions: [] });
    expect(bad.structured.error).toMatchObject({ code: 'invalid_arguments', hint: expect.any(String) });
  });
});

describe('enrolling (contract 10.3)', () => {
  it('leaves out a prospect on the list: excluded with reason do_not_contact', async () => {
    const ws = await newWorkspace();
    await api(ws.apiKey, 'POST', '/api/v1/prospects/import', {
      prospects: [
        { profileUrl: 'https://www.linkedin.com/in/dnc-1', email: 'one@sub.blocked.example' },
        { profileUrl: 'https://www.linkedin.com/in/dnc-2', company: 'Fine Ltd' },
      ],
    });
    await add(ws, { kind: 'domain', value: 'blocked.example', reason: 'Customer' });
    const ids = prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?search=dnc-')).body).items;
    const blocked = ids.find((p) => p.profileUrl.endsWith('dnc-1'))!.prospectId;
    const campaign = await createDraft(ws);
    const res = await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, {
      prospectIds: ids.map((p) => p.prospectId),
    });
    expect(enrollResultSchema.parse(res.body)).toEqual({
      enrolled: 1,
      alreadyEnrolled: 0,
      excluded: [{ prospectId: blocked, reason: 'do_not_contact' }],
    });
  });

  it('the launch review’s audience check names the enrolled prospects on the list and those with a profile URL nobody can reach', async () => {
    const ws = await newWorkspace();
    await api(ws.apiKey, 'POST', '/api/v1/prospects/import', {
      prospects: Array.from({ length: 5 }, (_, i) => ({
        profileUrl: `https://www.linkedin.com/in/check-${i}`,
        name: `Check ${i}`,
        company: i < 2 ? 'Acme' : 'Other',
      })),
    });
    // Kept from before contract 10.3's rule (the migration keeps them; imports refuse them now).
    await fixtureSql(`INSERT INTO prospects (workspace_id, profile_url, name) VALUES ($1, 'https://twitter.com/check', 'Tweeter')`, [
      ws.workspaceId,
    ]);
    const ids = prospectPageSchema
      .parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?search=check')).body)
      .items.map((p) => p.prospectId);
    expect(ids).toHaveLength(6);
    const campaign = await createDraft(ws);
    await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds: ids });
    await add(ws, { kind: 'company', value: 'ACME', reason: 'Customer' });
    await add(ws, { kind: 'profile', value: 'https://www.linkedin.com/in/check-0', reason: 'Asked not to be contacted' });
    const res = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/audience-check`);
    expect(res.status).toBe(200);
    const check = audienceCheckSchema.parse(res.body);
    expect(check.enrolled).toBe(6);
    expect(check.excluded.count).toBe(2);
    expect(check.excluded.items.map((p) => [p.name, p.entry.kind]).sort()).toEqual([
      ['Check 0', 'company'],
      ['Check 1', 'company'],
    ]);
    expect(check.unsupportedProfiles).toEqual({
      count: 1,
      items: [expect.objectContaining({ name: 'Tweeter', profileUrl: 'https://twitter.com/check' })],
    });
    const tool = await callTool(ws.apiKey, 'check-campaign-audience', { campaignId: campaign.campaignId });
    expect(tool.structured).toEqual(check);
    expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/00000000-0000-4000-8000-000000000000/audience-check`)).status).toBe(404);
  });
});
