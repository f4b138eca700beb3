// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { findTemplate } from '../../../domain/paths';
import type { Account } from '../../api/accounts';
import { senderAccount } from '../../api/testing';
import type { Campaign } from '../../api/campaigns';
import { ReviewForecast, type ForecastBasis } from './ReviewForecast';

const MONDAY_9AM = Date.parse('2026-11-23T09:00:00.000Z');

const account = senderAccount;

const campaign = (senderAccountIds: string[], template = 'connection-only'): Campaign => ({
  campaignId: '00000000-0000-4000-8000-000000000001',
  workspaceId: 'w',
  name: 'Forecast me',
  status: 'draft',
  editingMode: 'advanced',
  senderAccountIds,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  schedule: DEFAULT_SCHEDULE,
  archivedAt: null,
  revisionOf: null,
  openRevisionId: null,
  senderAssignment: 'least_loaded',
  senderField: null,
  workflow_definition: findTemplate(template)!.build(),
});

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

afterEach(cleanup);

describe('ReviewForecast', () => {
  it('says when the default audience finishes with the campaign’s senders, and what holds it back', () => {
    render(<ReviewForecast campaign={campaign(ids)} accounts={[account(ids[0]!), account(ids[1]!)]} now={MONDAY_9AM} />);
    // 40 invitations a day: Monday, Tuesday, then 20 on Wednesday; the last no-response 14 days later.
    expect(screen.getByTestId('review-forecast')).toHaveProperty(
      'textContent',
      'With 2 senders at 20 invitations a day and 100 a week, 100 prospects finish by 9 Dec; the invitation limit is the bottleneck.',
    );
    expect(screen.getByText(/^13 sending days \(Mon–Fri 09:00–17:00, UTC\)\. Expected at 30 % acceptance/)).toBeTruthy();
  });

  it('follows the audience the user types, reads each sender’s own daily limits, and refuses a number out of range', async () => {
    const user = userEvent.setup();
    const limits = { connection_request: 10, message: 60, inmail: 20, profile_visit: 80, other: 100 };
    render(
      <ReviewForecast campaign={campaign(ids)} accounts={[account(ids[0]!), account(ids[1]!, { dailyLimits: limits })]} now={MONDAY_9AM} />,
    );
    const input = screen.getByLabelText('Prospects you will enroll');
    await user.clear(input);
    await user.type(input, '1000');
    expect(screen.getByTestId('review-forecast').textContent).toMatch(
      /^With 2 senders at 10–20 invitations a day and 100 a week, 1,000 prospects finish by \d+ \w{3}( 2027)?; the invitation limit is the bottleneck\.$/,
    );
    await user.clear(input);
    await user.type(input, '0');
    expect(screen.getByText('Enter a whole number of prospects from 1 to 100,000.')).toBeTruthy();
    expect(screen.queryByTestId('review-forecast')).toBeNull();
  });

  it('keeps to each sender’s weekly limit and warm-up (contract 10.2)', () => {
    const finishOf = (extra: Partial<Account>) => {
      render(<ReviewForecast campaign={campaign([ids[0]!])} accounts={[account(ids[0]!, extra)]} now={MONDAY_9AM} />);
      const text = screen.getByTestId('review-forecast').textContent;
      cleanup();
      return text;
    };
    // 100 invitations at 20 a day: Monday to Friday, the last no-response 14 days later.
    expect(finishOf({})).toMatch(/100 prospects finish by 11 Dec/);
    // At 50 in any 7 days: 20, 20, 10 the first week; Monday 30 and Tuesday 1 have 20 each as the first days leave the week; the last 10 on Wednesday 2 Dec.
    expect(finishOf({ weeklyLimits: { connection_request: 50 } })).toMatch(/100 prospects finish by 16 Dec/);
    // Warming up from 2, 3 more each day: 2, 5, 8, 11, 14 the first week, then 20 a day; the last on Wednesday 2 Dec.
    expect(finishOf({ warmUp: { startDaily: 2, addPerDay: 3, startedOn: '2026-11-23' } })).toMatch(/100 prospects finish by 16 Dec/);
  });

  it('asks for a sender when the campaign has none of the steps’ network', () => {
    render(<ReviewForecast campaign={campaign([])} accounts={[]} now={MONDAY_9AM} />);
    expect(screen.getByTestId('review-forecast').textContent).toBe(
      'Nothing can be sent on LinkedIn yet: add a LinkedIn sender account to see when 100 prospects would finish.',
    );
  });

  it('says the waits set the pace when the limits are far from full', async () => {
    const user = userEvent.setup();
    render(<ReviewForecast campaign={campaign(ids)} accounts={[account(ids[0]!), account(ids[1]!)]} now={MONDAY_9AM} />);
    const input = screen.getByLabelText('Prospects you will enroll');
    await user.clear(input);
    await user.type(input, '3');
    expect(screen.getByTestId('review-forecast').textContent).toBe(
      'With 2 senders at 20 invitations a day and 100 a week, 3 prospects finish by 7 Dec; the waits between steps set the pace, not the sender limits.',
    );
  });

  describe('on the server’s basis (issue 33 item 8)', () => {
    const basis = (over: Partial<ForecastBasis['forecast']> & { waiting?: number } = {}): ForecastBasis => ({
      enrollments: { total: over.waiting ?? 302, waiting: over.waiting ?? 302, active: 0, finished: 0, replied: 0, stopped: 0, failed: 0 },
      forecast: { finishBy: null, workingDaysLeft: 0, actionSpacingSeconds: 90, prospectTimeZones: [], ...over },
    });
    const visitOnly = {
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'visit', type: 'profile_visit', position: { x: 0, y: 100 }, data: {} },
        { id: 'end', type: 'end', position: { x: 0, y: 200 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'visit' },
        { id: 'e2', source: 'visit', target: 'end' },
      ],
    };
    const visits = (schedule = DEFAULT_SCHEDULE): Campaign => ({ ...campaign(ids.slice(0, 1)), schedule, workflow_definition: visitOnly });
    const limits = { ...DEFAULT_DAILY_LIMITS, profile_visit: 1000 };

    it('forecasts for the prospects actually enrolled, and says how many they are', () => {
      render(<ReviewForecast campaign={campaign(ids)} accounts={[account(ids[0]!), account(ids[1]!)]} basis={basis()} now={MONDAY_9AM} />);
      expect(screen.getByLabelText('Prospects you will enroll')).toHaveProperty('value', '302');
      expect(screen.getByTestId('review-enrolled').textContent).toBe('302 prospects are enrolled in this campaign.');
      expect(screen.getByTestId('review-forecast').textContent).toMatch(/, 302 prospects finish by /);
    });

    it('keeps the server’s spacing between a sender’s actions', () => {
      // 30 visits in a half-hour window: 90 s apart, 20 fit on Monday and 10 go on Tuesday; without spacing all go on Monday.
      const finish = (actionSpacingSeconds: number) => {
        render(
          <ReviewForecast
            campaign={visits({ ...DEFAULT_SCHEDULE, start: '09:00', end: '09:30' })}
            accounts={[account(ids[0]!, { dailyLimits: limits })]}
            basis={basis({ waiting: 30, actionSpacingSeconds })}
            now={MONDAY_9AM}
          />,
        );
        const text = screen.getByTestId('review-forecast').textContent;
        cleanup();
        return text;
      };
      expect(finish(90)).toMatch(/30 prospects finish by 24 Nov/);
      expect(finish(0)).toMatch(/30 prospects finish by 23 Nov/);
    });

    it('reads the window in the prospects’ own time zones, and says so', () => {
      const inTokyo = basis({ waiting: 10, prospectTimeZones: [{ timeZone: 'Asia/Tokyo', prospects: 10 }] });
      render(
        <ReviewForecast campaign={visits()} accounts={[account(ids[0]!, { dailyLimits: limits })]} basis={inTokyo} now={MONDAY_9AM} />,
      );
      // Monday 09:00Z is 18:00 in Tokyo, past its window: the visits go on Tuesday, 09:00 Tokyo time.
      expect(screen.getByTestId('review-forecast').textContent).toMatch(/10 prospects finish by 24 Nov/);
      expect(screen.getByText(/Mon–Fri 09:00–17:00 in each prospect’s time zone \(UTC when unknown\)/)).toBeTruthy();
    });
  });
});
