// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE, WEEKDAYS } from '../../domain/contract/schedule';
import type { CampaignRun } from '../api/runs';
import { storeRunProgress } from '../api/runs';
import { queryClient } from '../api/query-client';
import { setSearchParams } from '../router';
import { ConfirmHost } from '../ui/confirm';
import { RunPanel } from './RunPanel';
import { RunStepBadge } from './RunStepBadge';
import { CONTACTED_MEANS, failureGroups, gaugeSentence, runFunnel, stopWarning, useRunFilter } from './run-view';
import { polyfillDialogs } from '../ui/testing';

const CAMPAIGN = '00000000-0000-4000-8000-000000000001';
const SENDER = '11111111-1111-4111-8111-111111111111';
const TYPES: Record<string, string> = { start: 'start', invite: 'connection_request', thanks: 'message', end: 'end' };
const typeOf = (id: string) => TYPES[id];
const NAMES: Record<string, string> = { start: 'Start', invite: 'Invite the CTO', thanks: 'Thank-you note', end: 'End' };
const GRAPH = { typeOf, stepName: (id: string) => NAMES[id] ?? 'A removed step' };
/** Every day, all day: the window is open whenever the test runs. */
const OPEN = { ...DEFAULT_SCHEDULE, days: [...WEEKDAYS], start: '00:00', end: '23:59' };
const PROSPECT = { name: 'Anna Berg', profileUrl: 'https://www.linkedin.com/in/anna', company: null };
const enrollment = (i: number, over: object = {}) => ({
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
const FAILED = [enrollment(1), enrollment(2), enrollment(3, { error: 'Account restricted' })];
const TIMELINE = [
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
const CONVERSATION = {
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
const PROSPECT_DETAIL = {
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

const today = Object.fromEntries(Object.entries(DEFAULT_DAILY_LIMITS).map(([kind, limit]) => [kind, { used: 0, limit }]));
const RUN: CampaignRun = {
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

const interval = (low: number, high: number) => ({ low, high });
const RESULTS = {
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

function stubApi(over: { run?: CampaignRun; account?: Record<string, unknown> } = {}) {
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
          items: [
            {
              id: SENDER,
              channel: 'professional_network',
              name: 'Ada’s LinkedIn',
              premium: false,
              createdAt: '2026-01-01T00:00:00.000Z',
              unreadConversations: 0,
              dailyLimits: DEFAULT_DAILY_LIMITS,
              timeZone: 'UTC',
              weeklyLimits: { connection_request: 100 },
              warmUp: null,
              ...over.account,
            },
          ],
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

const renderWith = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <ConfirmHost />
    </QueryClientProvider>,
  );

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

describe('run view helpers', () => {
  it('the funnel: enrolled, contacted (the furthest-reaching contact step), accepted, replied', () => {
    expect(runFunnel(RUN, typeOf).map((s) => [s.label, s.value])).toEqual([
      ['Enrolled', 10],
      ['Contacted', 6],
      ['Accepted', 2],
      ['Replied', 1],
    ]);
  });
  it('an invitation started but not done: "Contacted 0" beside a gauge that says started, not sent', () => {
    const underWay = {
      ...RUN,
      steps: RUN.steps.map((s) => (s.nodeId === 'invite' ? { ...s, waiting: 1, done: 0, failed: 0, handles: {} } : { ...s, done: 0 })),
    };
    expect(runFunnel(underWay, typeOf).find((s) => s.label === 'Contacted')?.value).toBe(0);
    expect(gaugeSentence('Invitations to connect', 1, 20)).toBe('Invitations to connect: 1 of 20 started today, all campaigns');
    expect(gaugeSentence('Invitations to connect', 1, 20)).not.toMatch(/sent|contacted/i);
    expect(CONTACTED_MEANS).toMatch(/done.*started/);
  });
  it('stopping warns with the prospects still underway', () => {
    expect(stopWarning(RUN)).toBe('Stop for good: 4 prospects will not get any further message. This cannot be undone.');
  });
});

describe('RunPanel', () => {
  it('Results: a bar per variant, the verdict in words with “Choose B”, the daily chart, the senders, a CSV download', async () => {
    const calls = stubApi();
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Results' }));
    const verdict = await screen.findByTestId('results-verdict-invite');
    expect(verdict.textContent).toBe('Warm is ahead: 14 % vs 8 %, confident — choose B?');
    expect(screen.getByTestId('results-verdict-thanks').textContent).toBe('Too early: about 300 more prospects needed per variant.');
    expect(screen.getByTestId('results-variant-invite-b').textContent).toContain('14 % · 84 of 600 accepted');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'From 20 Nov to 21 Nov: 1,200 invitations, 132 accepted, 80 messages, 9 replied',
    );
    expect(await screen.findByText('Ada’s LinkedIn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Choose B' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Everyone who reaches “Invite the CTO” from now on gets B (Warm).');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Choose B' }));
    await waitFor(() => expect(calls.some((c) => c.startsWith('POST') && c.includes('/steps/invite/winner'))).toBe(true));
  });

  it('shows the counts, the funnel, each sender’s day and the forecast, and updates from run.progress without reading again', async () => {
    const calls = stubApi();
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    const byStatus = await screen.findByLabelText('Prospects by status');
    const panel = screen.getByRole('complementary', { name: 'Run' });
    expect(byStatus.textContent).toContain('3 in progress');
    expect(byStatus.textContent).toContain('1 replied');
    const funnel = within(panel).getByRole('list', { name: 'Funnel' });
    expect(funnel.textContent).toContain('Enrolled10Contacted6Accepted2Replied1');
    expect(await within(panel).findByText('Ada’s LinkedIn')).toBeTruthy();
    expect(panel.textContent).toContain('Invitations to connect: 5 of 20 started today, all campaigns');
    expect(panel.textContent).toContain(CONTACTED_MEANS);
    expect(screen.getByTestId('run-forecast').textContent).toContain('14 sending days left');

    const reads = calls.filter((c) => c.includes('/run')).length;
    act(() => storeRunProgress(CAMPAIGN, { ...RUN, enrollments: { ...RUN.enrollments, active: 2, finished: 5 } }));
    // The query cache notifies its observers on the next tick.
    await waitFor(() => expect(screen.getByLabelText('Prospects by status').textContent).toContain('2 in progress'));
    expect(screen.getByLabelText('Prospects by status').textContent).toContain('5 finished');
    expect(calls.filter((c) => c.includes('/run')).length).toBe(reads);
  });

  it('finds a prospect of the run by name: the search goes to the server with the other filters', async () => {
    const calls = stubApi();
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Find a prospect of the run' }), 'Berg');
    await waitFor(() => expect(calls.some((c) => c.includes('/enrollments') && c.includes('search=Berg'))).toBe(true));
    expect(await screen.findByText('No prospect of the run matches “Berg”.')).toBeTruthy();
  });

  it('Stop asks first in users’ words; Cancel sends nothing', async () => {
    const calls = stubApi();
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Stop for good: 4 prospects will not get any further message.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });
});

/** jsdom lays nothing out: the list gets a size so the virtual list draws its rows. */
function layOut() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
}

describe('RunPanel: window, failures, timeline', () => {
  it('says when the next action goes out while the sending window is closed', async () => {
    stubApi();
    // Only Date is faked (timers stay real for the queries): Wednesday noon UTC, the window opens on Thursday.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    renderWith(
      <RunPanel
        campaignId={CAMPAIGN}
        campaignName="Q3 founders"
        graph={GRAPH}
        schedule={{ ...DEFAULT_SCHEDULE, days: [WEEKDAYS[3]!], start: '08:30' }}
      />,
    );
    const next = await screen.findByTestId('run-next-action');
    expect(next.textContent).toBe('Outside the sending window: next action at 08:30 Thu (UTC).');
    cleanup();
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await screen.findByLabelText('Prospects by status');
    expect(screen.queryByTestId('run-next-action')).toBeNull();
  });

  it('a sender’s gauges: today, this week against its weekly limit and, warming up, its ramp in words', async () => {
    const week = { connection_request: { used: 7, limit: 100 }, message: { used: 2, limit: 40 } };
    stubApi({
      run: { ...RUN, senders: [{ ...RUN.senders[0]!, week }] },
      account: {
        dailyLimits: { ...DEFAULT_DAILY_LIMITS, connection_request: 20 },
        warmUp: { startDaily: 9, addPerDay: 3, startedOn: '2026-03-01' },
      },
    });
    // Only Date is faked: Monday 2 March 2026 in the sender's zone (UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await screen.findByLabelText('Prospects by status');
    const panel = screen.getByRole('complementary', { name: 'Run' });
    expect(await within(panel).findByText('Warming up: 12 a day, 20 from Thursday (invitations)')).toBeTruthy();
    expect(panel.textContent).toContain('Invitations to connect: 5 of 20 started today, all campaigns');
    expect(panel.textContent).toContain('Invitations to connect: 7 of 100 this week (any 7 days in a row), all campaigns');
    expect(panel.textContent).toContain('Messages: 2 of 40 this week (any 7 days in a row), all campaigns');
  });

  it('no ramp once the warm-up reached the daily limit, no week gauge without a week', async () => {
    stubApi({ account: { warmUp: { startDaily: 9, addPerDay: 3, startedOn: '2026-01-01' } } });
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await screen.findByLabelText('Prospects by status');
    const panel = screen.getByRole('complementary', { name: 'Run' });
    await within(panel).findByText('Ada’s LinkedIn');
    expect(panel.textContent).not.toMatch(/Warming up|this week/);
  });

  it('groups failures by error, the largest first; a group lists its prospects only', async () => {
    expect(failureGroups(FAILED)).toEqual([
      { error: 'Profile not found', count: 2 },
      { error: 'Account restricted', count: 1 },
    ]);
    stubApi();
    layOut();
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    await userEvent.click(await screen.findByRole('button', { name: '1 × Account restricted' }));
    expect(useRunFilter.getState()).toMatchObject({ status: 'failed', error: 'Account restricted' });
    const list = await screen.findByRole('list', { name: 'Prospects' });
    expect(await within(list).findByText('Prospect 3')).toBeTruthy();
    expect(within(list).queryByText('Prospect 1')).toBeNull();
  });

  it('a prospect’s timeline names the steps, the output taken and the exact text sent', async () => {
    stubApi();
    layOut();
    useRunFilter.setState({ status: 'failed' });
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    const list = await screen.findByRole('list', { name: 'Prospects' });
    await userEvent.click(await within(list).findByRole('button', { name: /Prospect 2/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Prospect 2' });
    const timeline = await within(drawer).findByRole('list', { name: 'Timeline' });
    expect(timeline.textContent).toContain('Invite the CTO — done');
    expect(timeline.textContent).toContain('variant B');
    expect(timeline.textContent).toContain('went on through “Accepted”');
    expect(timeline.textContent).toContain('Hi Anna, glad to connect.');
    expect(timeline.textContent).not.toContain('invite');
    const thread = await within(drawer).findByRole('link', { name: 'Open the conversation in the inbox' });
    expect(thread.getAttribute('href')).toBe(`/inbox?conversation=${CONVERSATION.id}`);
  });

  it('opened from the address (the inbox thread’s “Timeline in the run”), the timeline links back to the conversation too', async () => {
    stubApi();
    layOut();
    setSearchParams({ prospect: PROSPECT.profileUrl });
    renderWith(<RunPanel campaignId={CAMPAIGN} campaignName="Q3 founders" graph={GRAPH} schedule={OPEN} />);
    const drawer = await screen.findByRole('dialog', { name: 'Anna Berg' });
    expect((await within(drawer).findByRole('list', { name: 'Timeline' })).textContent).toContain('Hi Anna, glad to connect.');
    const thread = await within(drawer).findByRole('link', { name: 'Open the conversation in the inbox' });
    expect(thread.getAttribute('href')).toBe(`/inbox?conversation=${CONVERSATION.id}`);
  });
});

describe('RunStepBadge', () => {
  it('shows here / done / failed and each output’s count; a click lists that step’s prospects', async () => {
    stubApi();
    renderWith(<RunStepBadge campaignId={CAMPAIGN} nodeId="invite" type="connection_request" />);
    const badge = await screen.findByTestId('run-step-invite');
    expect(badge.textContent).toContain(
      '3 here6 done1 failed1 waiting: daily limit reached2 waiting: for the invitation to be acceptedAccepted 2No response 4',
    );
    // Contract 10.1: a step with variants shows each variant's sends.
    await waitFor(() => expect(badge.textContent).toContain('A 600 sent · B 600 sent'));
    expect(badge.getAttribute('aria-label')).toContain('A 600 sent · B 600 sent. List these prospects');
    await userEvent.click(badge);
    expect(useRunFilter.getState().nodeId).toBe('invite');
  });
});
