// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import { ImportFlow } from './ImportFlow';

/** The server's answers: campaigns for the pickers, and an import that refuses rows without an http(s) profile. */
function fakeServer(sent: unknown[][]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/v1/prospects/import') {
      const { prospects } = JSON.parse(String(init?.body)) as { prospects: { profileUrl: string }[] };
      sent.push(prospects);
      const errors = prospects.flatMap((p, index) =>
        /^https?:\/\//.test(p.profileUrl) ? [] : [{ index, path: 'profileUrl', message: 'must be an absolute http(s) URL' }],
      );
      return json({ created: prospects.length - errors.length, updated: 0, skipped: 0, errors });
    }
    if (url.pathname === '/mcp') return json({ jsonrpc: '2.0', id: 1, result: { structuredContent: { items: [], nextCursor: null } } });
    return new Response(null, { status: 404 });
  });
}

// jsdom's File has no text() (browsers do): read it the older way.
if (!('text' in File.prototype))
  Object.defineProperty(File.prototype, 'text', {
    value(this: File) {
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(this);
      });
    },
  });

describe('ImportFlow', () => {
  const sent: unknown[][] = [];
  beforeEach(() => {
    sent.length = 0;
    useSession.setState({ apiKey: 'test-key', baseUrl: 'http://app.test', workspaceId: null });
    vi.stubGlobal('fetch', fakeServer(sent));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a picked CSV, matches its columns, imports it and sums up, with the refused row named', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ImportFlow />
      </QueryClientProvider>,
    );
    const csv = '\ufeffFirst name,LinkedIn URL,Company\r\nAda,https://linkedin.com/in/ada,"Engines, Ltd"\r\nAlan,nope,Bletchley\r\n';
    await user.upload(screen.getByLabelText('Choose a file'), new File([csv], 'people.csv', { type: 'text/csv' }));

    expect(await screen.findByText(/2 people in 3 columns/)).toBeTruthy();
    expect((screen.getByLabelText('Import “LinkedIn URL” as') as HTMLSelectElement).value).toBe('field:profileUrl');
    // First name is part of the prospect's name, not a custom field (issue 39).
    expect((screen.getByLabelText('Import “First name” as') as HTMLSelectElement).value).toBe('part:firstName');
    // The row whose link is not a profile is marked before the import, with the reason (contract 10.3).
    expect(screen.getByText(/1 row will not be imported: only LinkedIn and WhatsApp profiles can be contacted/)).toBeTruthy();
    expect(screen.getByText(/This is not a web link: use a LinkedIn profile link/).closest('li')?.textContent).toMatch(/^Row 3 nope: /);

    await user.click(screen.getByRole('button', { name: 'Import 2 prospects' }));
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeTruthy();
    expect(sent).toEqual([
      [
        { profileUrl: 'https://linkedin.com/in/ada', name: 'Ada', company: 'Engines, Ltd', customFields: { firstName: 'Ada' } },
        { profileUrl: 'nope', name: 'Alan', company: 'Bletchley', customFields: { firstName: 'Alan' } },
      ],
    ]);
    expect(screen.getByText('Row 3: LinkedIn profile URL: must be an absolute http(s) URL')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the 1 row not imported (CSV)' })).toBeTruthy();
  });

  it('names each row whose link is not a LinkedIn or WhatsApp profile, and offers a sample file', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportFlow />
      </QueryClientProvider>,
    );
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download a sample CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const sample = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(sample).toMatch(/^\ufeff?First name,Last name,LinkedIn URL,Company,Job title/);
    const rows = ['Profile,Name', 'https://twitter.com/ada,Ada', 'linkedin.com/in/bob,Bob', 'https://www.figma.com/@cy,Cy', ',Dee'];
    await user.upload(screen.getByLabelText('Choose a file'), new File([rows.join('\n')], 'x.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/3 rows will not be imported/)).toBeTruthy();
    const reasons = [...document.querySelectorAll('.import-refused-list li')].map((li) => li.textContent);
    expect(reasons).toEqual([
      expect.stringMatching(/^Row 2 https:\/\/twitter\.com\/ada: twitter\.com is not LinkedIn or WhatsApp/),
      expect.stringMatching(/^Row 4 https:\/\/www\.figma\.com\/@cy: figma\.com is not LinkedIn or WhatsApp/),
      'Row 5: There is no profile link in this row.',
    ]);
    expect(screen.getAllByText('Not a LinkedIn or WhatsApp profile')).toHaveLength(2);
  });

  it('asks for the profile column before importing', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportFlow />
      </QueryClientProvider>,
    );
    await user.upload(screen.getByLabelText('Choose a file'), new File(['Name,Notes\nAda,hello\n'], 'x.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByText(/Choose the column with the LinkedIn profile URLs/)).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Import 1 prospect' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
