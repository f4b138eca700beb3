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
    expect((screen.getByLabelText('Import “First name” as') as HTMLSelectElement).value).toBe('custom');

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
