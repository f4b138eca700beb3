// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE, WEEKDAYS } from '../../domain/contract/schedule';
import { setSearchParams } from '../router';
import { RunPanel } from './RunPanel';
import { failureGroups, useRunFilter } from './run-view';
import {
  CAMPAIGN,
  CONVERSATION,
  FAILED,
  GRAPH,
  OPEN,
  PROSPECT,
  RUN,
  layOut,
  renderWith,
  setUpRunPanelTests,
  stubApi,
} from './testing/run-panel';

setUpRunPanelTests();

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
