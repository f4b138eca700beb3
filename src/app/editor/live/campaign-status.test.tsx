// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_CHANGED_EVENT } from '../../../domain/contract/changes';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { campaignKeys, type Campaign } from '../../api/campaigns';
import { TAB_CLIENT_ID } from '../../api/http';
import { queryClient } from '../../api/query-client';
import { storeRunProgress, type CampaignRun } from '../../api/runs';
import { useSession } from '../../session';
import { CampaignStatusBadge } from '../../ui/CampaignStatusBadge';
import { editorStore, useEditorStore } from '../store';
import { testCampaign } from '../store/test-campaign';
import { useLiveChanges } from './useLiveChanges';

const RUNNING = testCampaign(connectionOnlyGraph(), { status: 'active' }) as Campaign;

/** The campaign's changes stream: it opens, then says each of `changes` (as the server writes them), and stays open. */
function stubChangesStream(changes: object[]) {
  const text =
    ': listening\n\n' + changes.map((change) => `event: ${CAMPAIGN_CHANGED_EVENT}\ndata: ${JSON.stringify(change)}\n\n`).join('');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.includes('/changes')) return new Response('{}', { status: 404 });
      const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode(text)) });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
}

/** What the editor shows of the status: the header's badge and the read-only banner. */
function StatusShown() {
  useLiveChanges(RUNNING.campaignId);
  const status = useEditorStore((s) => s.campaign?.status);
  const reason = useEditorStore((s) => s.readOnlyReason);
  return (
    <header>
      {status && <CampaignStatusBadge status={status} />}
      <p data-testid="banner">{reason}</p>
    </header>
  );
}

const renderOpen = () => {
  editorStore.getState().open(RUNNING);
  queryClient.setQueryData(campaignKeys.one('ws-1', RUNNING.campaignId), RUNNING);
  return render(
    <QueryClientProvider client={queryClient}>
      <StatusShown />
    </QueryClientProvider>,
  );
};

beforeEach(() => {
  useSession.setState({ apiKey: 'key-1', baseUrl: 'https://studio.example', workspaceId: 'ws-1', rejected: null });
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the campaign status the editor shows', () => {
  it('turns to Paused when the changes stream says so, this tab’s own pause too (its updated_at unchanged)', async () => {
    stubChangesStream([
      { campaignId: RUNNING.campaignId, updated_at: RUNNING.updated_at, status: 'paused', via: 'app', clientId: TAB_CLIENT_ID },
    ]);
    renderOpen();
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(screen.queryByText('Running')).toBeNull();
    expect(screen.getByTestId('banner').textContent).toMatch(/^This campaign is paused\b/);
    // The record every page reads the status from says it too, and the lists are read again.
    expect(queryClient.getQueryData<Campaign>(campaignKeys.one('ws-1', RUNNING.campaignId))?.status).toBe('paused');
  });

  it('follows a run.progress body and the record a run command answers (paused, then finished)', async () => {
    stubChangesStream([]);
    renderOpen();
    expect(screen.getByText('Running')).toBeTruthy();
    const list = campaignKeys.list('ws-1');
    queryClient.setQueryData(list, { pages: [], pageParams: [] });
    act(() => storeRunProgress(RUNNING.campaignId, { status: 'paused' } as CampaignRun));
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    act(() => queryClient.setQueryData(campaignKeys.one('ws-1', RUNNING.campaignId), { ...RUNNING, status: 'completed' }));
    expect(await screen.findByText('Finished')).toBeTruthy();
    expect(screen.getByTestId('banner').textContent).toMatch(/^This campaign is finished\./);
  });
});
