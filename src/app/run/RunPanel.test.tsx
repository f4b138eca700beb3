// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeRunProgress } from '../api/runs';
import { RunPanel } from './RunPanel';
import { RunStepBadge } from './RunStepBadge';
import { CONTACTED_MEANS, gaugeSentence, runFunnel, stopWarning, useRunFilter } from './run-view';
import { CAMPAIGN, GRAPH, OPEN, RUN, renderWith, setUpRunPanelTests, stubApi, typeOf } from './testing/run-panel';

setUpRunPanelTests();

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
