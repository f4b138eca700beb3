import { describe, expect, it } from 'vitest';
import { importResultSchema, prospectDetailSchema, prospectPageSchema, prospectSchema } from '../../domain/contract/prospects';
import { api, callTool, newWorkspace, type TestWorkspace } from '../testing/fixtures';

/** Contract 9.1 and 10.3 over real HTTP: import, list, get, patch, delete — and the import tool's twin answers. */

const url = (n: number | string) => `https://www.linkedin.com/in/person-${n}`;
const importRows = (ws: TestWorkspace, prospects: unknown[], extra: Record<string, unknown> = {}) =>
  api(ws.apiKey, 'POST', '/api/v1/prospects/import', { prospects, ...extra });
const listAll = async (ws: TestWorkspace, query = '') => {
  const res = await api(ws.apiKey, 'GET', `/api/v1/prospects?limit=250${query}`);
  expect(res.status).toBe(200);
  return prospectPageSchema.parse(res.body);
};

describe('POST /api/v1/prospects/import', () => {
  it('stores valid rows, reports bad ones by index and field, counts duplicates in the request and the workspace', async () => {
    const ws = await newWorkspace();
    const first = await importRows(ws, [
      {
        profileUrl: 'https://WWW.LinkedIn.com/in/Ada/?trk=x',
        name: 'Ada Lovelace',
        company: 'Engines',
        customFields: { firstName: 'Ada', score: 82 },
      },
      { profileUrl: 'https://twitter.com/ada' },
      { profileUrl: 'https://www.linkedin.com/in/Ada/', name: 'Ada again' },
      { name: 'No URL' },
      { profileUrl: url(2), email: 'not-an-email', timeZone: 'Mars/Olympus' },
      { profileUrl: url(3), name: '', headline: '  ', extra: true },
      { profileUrl: url(4), name: 'Bob', timeZone: 'europe/paris', email: 'bob@example.com' },
      'not an object',
    ]);
    expect(first.status).toBe(200);
    const body = importResultSchema.parse(first.body);
    expect(body).toMatchObject({ created: 2, updated: 0, skipped: 1 });
    expect(body.errors.map((e) => [e.index, e.path])).toEqual([
      [1, 'profileUrl'],
      [3, 'profileUrl'],
      [4, 'email'],
      [4, 'timeZone'],
      [5, 'extra'],
      [7, ''],
    ]);
    for (const e of body.errors) expect(e.message).not.toBe('');
    expect(body.errors[0]!.message).toMatch(/^twitter\.com is not LinkedIn or WhatsApp: use a LinkedIn profile link/);
    // A missing URL is said once.
    expect(body.errors.filter((e) => e.index === 3)).toEqual([{ index: 3, path: 'profileUrl', message: expect.any(String) }]);

    const page = await listAll(ws);
    expect(page.items.map((p) => p.profileUrl).sort()).toEqual(['https://www.linkedin.com/in/ada', url(4)]);
    const ada = page.items.find((p) => p.name === 'Ada Lovelace')!;
    expect(ada).toMatchObject({ headline: null, email: null, timeZone: null, customFields: { firstName: 'Ada', score: 82 } });
    // A zone is stored under its canonical name, whatever its case.
    expect(page.items.find((p) => p.name === 'Bob')!.timeZone).toBe('Europe/Paris');

    // Again, against the workspace: skip leaves them as they are, update replaces their fields.
    const skip = importResultSchema.parse(
      (await importRows(ws, [{ profileUrl: 'https://www.linkedin.com/in/Ada', name: 'Changed' }, { profileUrl: url(5) }])).body,
    );
    expect(skip).toEqual({ created: 1, updated: 0, skipped: 1, errors: [] });
    const update = importResultSchema.parse(
      (
        await importRows(
          ws,
          [
            { profileUrl: 'https://www.linkedin.com/in/Ada?x=1', name: 'Ada L.' },
            { profileUrl: url(6), name: 'Six' },
            { profileUrl: `${url(6)}/`, name: 'Six, later' },
          ],
          { onDuplicate: 'update' },
        )
      ).body,
    );
    expect(update).toEqual({ created: 1, updated: 2, skipped: 0, errors: [] });
    const names = (await listAll(ws)).items.map((p) => p.name).sort();
    expect(names).toEqual(['Ada L.', 'Bob', 'Six, later', null].sort());
  });

  it('imports 20 spellings of one LinkedIn member as one prospect (contract 10.3)', async () => {
    const ws = await newWorkspace();
    const spellings = [
      'https://www.linkedin.com/in/imp-dup',
      'http://www.linkedin.com/in/imp-dup',
      'https://www.linkedin.com/in/IMP-DUP',
      'https://linkedin.com/in/imp-dup',
      'linkedin.com/in/imp-dup',
      'www.linkedin.com/in/Imp-Dup/',
      'HTTPS://WWW.LINKEDIN.COM/IN/IMP-DUP',
      'https://uk.linkedin.com/in/imp-dup',
      'https://fr.linkedin.com/in/imp-dup/fr',
      'https://de.linkedin.com/in/imp-dup/de-de/',
      'https://www.linkedin.com/in/imp-dup/?originalSubdomain=uk',
      'https://www.linkedin.com/in/imp-dup?trk=public_profile_browsemap',
      'https://www.linkedin.com/in/imp-dup#experience',
      'https://www.linkedin.com/in/imp%2Ddup',
      'https://www.linkedin.com/in/%69mp-dup/',
      'https://www.linkedin.com:443/in/imp-dup',
      '  https://www.linkedin.com/in/imp-dup//  ',
      'http://linkedin.com/in/IMP-dup/en_US?locale=en_US',
      'https://www.linkedin.com/in/imp-dup/?utm_source=share&utm_medium=member_desktop',
      'Http://Www.Linkedin.Com/in/imp-DUP/',
    ];
    expect(new Set(spellings).size).toBe(20);
    const body = importResultSchema.parse(
      (
        await importRows(
          ws,
          spellings.map((profileUrl, i) => ({ profileUrl, name: `Imp ${i}` })),
        )
      ).body,
    );
    expect(body).toEqual({ created: 1, updated: 0, skipped: 19, errors: [] });
    // Again, one at a time: each finds the one prospect.
    for (const profileUrl of spellings.slice(1, 4))
      expect(importResultSchema.parse((await importRows(ws, [{ profileUrl }])).body)).toMatchObject({ created: 0, skipped: 1 });
    expect((await listAll(ws)).items.map((p) => [p.profileUrl, p.name])).toEqual([['https://www.linkedin.com/in/imp-dup', 'Imp 0']]);
  });

  it('refuses a bad envelope as a whole, and text that cannot be stored', async () => {
    const ws = await newWorkspace();
    expect((await importRows(ws, [])).status).toBe(400);
    expect((await importRows(ws, [{ profileUrl: url(1) }], { onDuplicate: 'merge' })).status).toBe(400);
    expect((await importRows(ws, Array(10_001).fill({ profileUrl: url(1) }))).status).toBe(400);
    const nul = await importRows(ws, [{ profileUrl: url(1), name: 'a\u0000b' }]);
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].path).toBe('prospects.0.name');
    expect((await listAll(ws)).items).toEqual([]);
  });

  it('imports 10,000 rows in one request, with a column of bad URLs reported row by row', async () => {
    const ws = await newWorkspace();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      profileUrl: i % 100 === 99 ? `not a url ${i}` : url(i),
      name: `Person ${i}`,
      headline: 'Head of Sales',
      company: `Company ${i % 50}`,
      customFields: { firstName: `P${i}`, rank: i },
    }));
    const res = await importRows(ws, rows);
    expect(res.status).toBe(200);
    const body = importResultSchema.parse(res.body);
    expect(body.created).toBe(9_900);
    expect(body.errors).toHaveLength(100);
    expect(body.errors.every((e) => e.index % 100 === 99 && e.path === 'profileUrl')).toBe(true);
    // The list walks them all, newest first, without repeats.
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = prospectPageSchema.parse(
        (await api(ws.apiKey, 'GET', `/api/v1/prospects?limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body,
      );
      for (const p of page.items) seen.add(p.prospectId);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(9_900);
    // Counted up to 10,000: 9,900 exactly.
    expect(prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?limit=1&withTotal=true')).body).total).toEqual({
      count: 9_900,
      more: false,
    });
  }, 120_000);

  it('the import-prospects tool answers the REST body', async () => {
    const ws = await newWorkspace();
    const res = await callTool(ws.apiKey, 'import-prospects', { prospects: [{ profileUrl: url(1) }, { profileUrl: 'ftp://x' }] });
    expect(res.isError).toBe(false);
    expect(res.structured).toMatchObject({ created: 1, updated: 0, skipped: 0, errors: [{ index: 1, path: 'profileUrl' }] });
    const bad = await callTool(ws.apiKey, 'import-prospects', { prospects: [] });
    expect(bad.isError).toBe(true);
    expect(bad.structured.error.code).toBe('invalid_arguments');
    const listed = await callTool(ws.apiKey, 'list-prospects', { search: 'PERSON-1' });
    expect(listed.structured.items).toHaveLength(1);
  });
});

describe('GET /api/v1/prospects', () => {
  it('searches name, headline, company and profile URL case-insensitively, literally, with cursors bound to the filters', async () => {
    const ws = await newWorkspace();
    await importRows(ws, [
      { profileUrl: url('ada'), name: 'Ada Lovelace', headline: 'Analyst', company: 'Engines' },
      { profileUrl: url('bob'), name: 'Bob', headline: 'Head of 100% growth', company: 'Acme' },
      { profileUrl: url('cy'), name: 'Cy', company: 'ACME Corp' },
    ]);
    const names = async (query: string) => (await listAll(ws, query)).items.map((p) => p.name).sort();
    expect(await names('&search=acme')).toEqual(['Bob', 'Cy']);
    expect(await names('&search=LOVELACE')).toEqual(['Ada Lovelace']);
    expect(await names('&search=person-cy')).toEqual(['Cy']);
    expect(await names('&search=100%25')).toEqual(['Bob']);
    expect(await names('&search=_')).toEqual([]);
    const first = prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?limit=1&search=acme')).body);
    expect(first.nextCursor).not.toBeNull();
    // Asked, the first page says how many match; the next ones do not count again; unasked, nothing is counted.
    expect(first.total).toBeNull();
    const counted = prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?limit=1&search=acme&withTotal=true')).body);
    expect(counted.total).toEqual({ count: 2, more: false });
    const next = prospectPageSchema.parse(
      (
        await api(
          ws.apiKey,
          'GET',
          `/api/v1/prospects?limit=1&search=acme&withTotal=true&cursor=${encodeURIComponent(counted.nextCursor!)}`,
        )
      ).body,
    );
    expect(next.total).toBeNull();
    expect((await listAll(ws, '&withTotal=true')).total).toEqual({ count: 3, more: false });
    expect((await callTool(ws.apiKey, 'list-prospects', { withTotal: true })).structured.total).toEqual({ count: 3, more: false });
    const other = await api(ws.apiKey, 'GET', `/api/v1/prospects?limit=1&search=ada&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('invalid_cursor');
    expect((await api(ws.apiKey, 'GET', '/api/v1/prospects?limit=0')).status).toBe(400);
    expect((await api(ws.apiKey, 'GET', '/api/v1/prospects?campaignId=nope')).status).toBe(400);
  });

  it('shows nothing of another workspace', async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    await importRows(a, [{ profileUrl: url(1) }]);
    expect((await listAll(b)).items).toEqual([]);
    const id = (await listAll(a)).items[0]!.prospectId;
    expect((await api(b.apiKey, 'GET', `/api/v1/prospects/${id}`)).status).toBe(404);
    expect((await api(b.apiKey, 'PATCH', `/api/v1/prospects/${id}`, { name: 'x' })).status).toBe(404);
    expect((await api(b.apiKey, 'DELETE', `/api/v1/prospects/${id}`)).status).toBe(404);
  });
});

describe('GET / PATCH / DELETE /api/v1/prospects/{id}', () => {
  it('reads, changes and deletes one prospect', async () => {
    const ws = await newWorkspace();
    await importRows(ws, [{ profileUrl: url(1), name: 'One', customFields: { a: 1 } }, { profileUrl: url(2) }]);
    const items = (await listAll(ws)).items;
    const one = items.find((p) => p.name === 'One');
    const two = items.find((p) => p.name === null);
    const got = await api(ws.apiKey, 'GET', `/api/v1/prospects/${one!.prospectId}`);
    expect(prospectDetailSchema.parse(got.body)).toMatchObject({ name: 'One', campaigns: [] });

    const patched = await api(ws.apiKey, 'PATCH', `/api/v1/prospects/${one!.prospectId}`, {
      name: null,
      company: 'Acme',
      timeZone: 'asia/calcutta',
      customFields: { b: true },
    });
    expect(patched.status).toBe(200);
    const after = prospectSchema.parse(patched.body);
    expect(after).toMatchObject({ name: null, company: 'Acme', timeZone: 'Asia/Kolkata', customFields: { b: true } });
    expect(after.updatedAt > one!.updatedAt).toBe(true);

    const clash = await api(ws.apiKey, 'PATCH', `/api/v1/prospects/${one!.prospectId}`, { profileUrl: `${two!.profileUrl}/?ref=x` });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('prospect_exists');
    const figma = await api(ws.apiKey, 'PATCH', `/api/v1/prospects/${one!.prospectId}`, { profileUrl: 'https://www.figma.com/@one' });
    expect(figma.status).toBe(400);
    expect(figma.body.errors).toEqual([{ path: 'profileUrl', message: expect.stringMatching(/^figma\.com is not LinkedIn or WhatsApp/) }]);
    const bad = await api(ws.apiKey, 'PATCH', `/api/v1/prospects/${one!.prospectId}`, { timeZone: 'Nowhere', unknown: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['timeZone', 'unknown']);

    expect((await api(ws.apiKey, 'DELETE', `/api/v1/prospects/${one!.prospectId}`)).status).toBe(204);
    expect((await api(ws.apiKey, 'GET', `/api/v1/prospects/${one!.prospectId}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'DELETE', `/api/v1/prospects/${one!.prospectId}`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', '/api/v1/prospects/not-a-uuid')).status).toBe(400);
  });
});
