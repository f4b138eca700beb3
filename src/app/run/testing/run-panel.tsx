import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE, WEEKDAYS } from '../../../domain/contract/schedule';
import type { CampaignRun } from '../../api/runs';
import { queryClient } from '../../api/query-client';
import { setSearchParams } from '../../router';
import type { Account } from '../../api/accounts';
import { senderAccount } from '../../api/testing';
import { ConfirmHost } from '../../ui/confirm';
import { useRunFilter } from '../run-view';
import { polyfillDialogs } from '../../ui/testing';

/** The run panel's component tests' fixtures: one campaign's run, its sender, timeline, results, and the API stubbed around them. */

export const CAMPAIGN = '00000000-0000-4000-8000-000000000001';
export const SENDER = '11111111-1111-4111-8111-111111111111';
export const TYPES: Record<string, string> = { start: 'start', invite: 'connection_request', thanks: 'message', end: 'end' };
export const typeOf = (id: string) => TYPES[id];
export const NAMES: Record<string, string> = { start: 'Start', invite: 'Invite the CTO', thanks: 'Thank-you note', end: 'End' };
export const GRAPH = { typeOf, stepName: (id: string) => NAMES[id] ?? 'A removed step' };
/** Every day, all day: the window is open whenever the test runs. */
export const OPEN = { ...DEFAULT_SCHEDULE, days: [...WEEKDAYS], start: '00:00', end: '23:59' };
export const PROSPECT = { name: 'Anna Berg', profileUrl: 'https://www.linkedin.com/in/anna', company: null };
export const enrollment = (i: number, over: object = {}) => ({
  enrollmentId: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
  campaignId: CAMPAIGN,
  prospectId: `00000000-0000-4000-9000-${String(100 + i).padStart(12, '0')}`,
  senderAccountId: SENDER,
  status: 'failed',
  currentNodeId: null,
  nextStepAt: null,
  waitingReason: null,
  outcome: 'failed',
  enteredAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T11:00:00.000Z',
  error: 'Profile not found',
  version: 1,
  prospect: { ...PROSPECT, name: `Prospect ${i}` },
  ...over,
});
export const FAILED = [enrollment(1), enrollment(2), enrollment(3, { error: 'Account restricted' })];
export const TIMELINE = [
  {
    nodeId: 'start',
    type: 'start',
    status: 'done',
    scheduledFor: null,
    startedAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:00:00.000Z',
    handle: null,
    actionId: null,
    rendered: null,
    error: null,
    variantId: null,
    version: 1,
  },
  {
    nodeId: 'invite',
    type: 'connection_request',
    status: 'done',
    scheduledFor: null,
    startedAt: '2026-11-20T10:01:00.000Z',
    finishedAt: '2026-11-22T10:00:00.000Z',
    handle: 'accepted',
    actionId: '00000000-0000-4000-8000-00000000a001',
    rendered: { text: 'Hi Anna, glad to connect.' },
    error: null,
    variantId: 'b',
    version: 1,
  },
];

/** Anna's thread in the inbox (the timeline links to it) and her record (the address's prospect). */
export const CONVERSATION = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: SENDER,
  channel: 'professional_network',
  contact: { name: 'Anna Berg', headline: null, avatarUrl: null, profileUrl: 'https://linkedin.com/in/anna/' },
  lastMessage: { text: 'Hi Anna, glad to connect.', direction: 'outbound', at: '2026-11-22T10:00:00.000Z' },
  unreadCount: 0,
  tags: [],
  replyState: null,
  campaign: { campaignId: CAMPAIGN, name: 'Heads of growth', nodeId: 'invite' },
};
export const PROSPECT_DETAIL = {
  prospectId: '00000000-0000-4000-9000-000000000102',
  workspaceId: '00000000-0000-4000-8000-0000000000f1',
  ...PROSPECT,
  headline: null,
  email: null,
  timeZone: null,
  customFields: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  campaigns: [
    {
      campaignId: CAMPAIGN,
      name: 'Heads of growth',
      enrollmentId: enrollment(2).enrollmentId,
      status: 'failed',
      enteredAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

export const today = Object.fromEntries(Object.entries(DEFAULT_DAILY_LIMITS).map(([kind, limit]) => [kind, { used: 0, limit }]));
export const RUN: CampaignRun = {
  status: 'active',
  enrollments: { total: 10, waiting: 1, active: 3, finished: 4, replied: 1, stopped: 1, failed: 1 },
  steps: [
    { nodeId: 'start', entered: 9, waiting: 0, waitingReasons: {}, done: 9, failed: 0, handles: {} },
    {
      nodeId: 'invite',
      entered: 9,
      waiting: 3,
      waitingReasons: { waiting_for_acceptance: 2, daily_limit: 1 },
      done: 6,
      failed: 1,
      handles: { accepted: 2, no_response: 4 },
    },
    { nodeId: 'thanks', entered: 2, waiting: 0, waitingReasons: {}, done: 2, failed: 0, handles: { replied: 1, no_reply: 1 } },
  ],
  senders: [
    { accountId: SENDER, today: { ...today, connection_request: { used: 5, limit: 20 } } as CampaignRun['senders'][number]['today'] },
  ],
  forecast: { finishBy: '2026-12-14T16:00:00.000Z', workingDaysLeft: 14, actionSpacingSeconds: 90, prospectTimeZones: [] },
};

export const interval = (low: number, high: number) => ({ low, high });
export const RESULTS = {
  asOf: '2026-11-22T10:00:00.000Z',
  steps: [
    {
      nodeId: 'invite',
      name: 'Invite the CTO',
      version: 1,
      metric: 'accepted',
      variants: [
        { variantId: 'a', label: 'Short', sent: 600, converted: 48, rate: 0.08, interval: interval(0.061, 0.104) },
        { variantId: 'b', label: 'Warm', sent: 600, converted: 84, rate: 0.14, interval: interval(0.114, 0.17) },
      ],
      verdict: { status: 'winner', variantId: 'b', confidence: 0.99, note: 'Warm is ahead: 14 % vs 8 %, confident' },
    },
    {
      nodeId: 'thanks',
      name: 'Thank-you note',
      version: 1,
      metric: 'replied',
      variants: [
        { variantId: 'a', label: 'Short', sent: 40, converted: 4, rate: 0.1, interval: interval(0.04, 0.23) },
        { variantId: 'b', label: 'Warm', sent: 40, converted: 5, rate: 0.125, interval: interval(0.05, 0.26) },
      ],
      verdict: { status: 'collecting', confidence: 0.1, moreNeeded: 300, note: 'Too early: about 300 more prospects needed per variant' },
    },
  ],
  senders: [{ accountId: SENDER, sent: 1280, accepted: 132, replied: 9 }],
  daily: [
    { date: '2026-11-20', invitations: 600, accepted: 60, messages: 40, replied: 4 },
    { date: '2026-11-21', invitations: 600, accepted: 72, messages: 40, replied: 5 },
  ],
};

export function stubApi(over: { run?: CampaignRun; account?: Partial<Account> } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.includes('/results') || url.includes('/winner')) return json(RESULTS);
      if (url.includes('/run')) return json(over.run ?? RUN);
      if (url.includes('/accounts'))
        return json({
          items: [senderAccount(SENDER, { name: 'Ada’s LinkedIn', ...over.account })],
        });
      if (url.includes('/timeline')) return json({ items: TIMELINE });
      if (url.includes('/enrollments')) return json({ items: url.includes('status=failed') ? FAILED : [], nextCursor: null });
      if (url.includes('/conversations')) return json({ items: [CONVERSATION], nextCursor: null });
      if (url.includes('/prospects/')) return json(PROSPECT_DETAIL);
      if (url.includes('/prospects')) return json({ items: [PROSPECT_DETAIL], nextCursor: null, total: null });
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

export const renderWith = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <ConfirmHost />
    </QueryClientProvider>,
  );

/** The hooks every run panel test needs: a wide screen, dialogs, a clear cache and filter; stubs undone after. */
export function setUpRunPanelTests(): void {
  beforeEach(() => {
    // A wide screen (jsdom has no media queries): the run keeps its room beside the canvas.
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    polyfillDialogs();
    queryClient.clear();
    useRunFilter.setState({ status: null, nodeId: null, error: null, search: '' });
  });
  afterEach(() => {
    cleanup();
    setSearchParams({ prospect: null });
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Gives elements a size (jsdom lays nothing out): virtualised lists show their rows. */
export function layOut() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
}
