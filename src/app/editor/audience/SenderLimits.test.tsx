// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../api/accounts';
import { fakeApi, testQueryClient } from '../../api/testing';
import { SenderLimits } from './SenderLimits';

const ACCOUNT_ID = '44444444-4444-4444-8444-444444444444';
const PATH = `/api/messaging/accounts/${ACCOUNT_ID}`;
const account = (over: Partial<Account> = {}): Account => ({
  id: ACCOUNT_ID,
  channel: 'professional_network',
  name: 'Ada Sender',
  premium: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  unreadConversations: 0,
  dailyLimits: { connection_request: 20, message: 50, inmail: 10, profile_visit: 80, other: 30 },
  timeZone: 'UTC',
  weeklyLimits: { connection_request: 100 },
  warmUp: null,
  ...over,
});
const show = (a: Account, editable = true) =>
  render(<SenderLimits account={a} editable={editable} />, { wrapper: testQueryClient().wrapper });
const kind = (name: string) => within(screen.getByRole('group', { name }));

beforeEach(() => {
  // Monday 2 March 2026, 10:00 UTC: only Date is faked, so typing still runs.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a sender’s account form', () => {
  it('sets a weekly cap and a warm-up, previews the ramp in words and sends only what changed', async () => {
    const { sent } = fakeApi({
      [`PATCH ${PATH}`]: (req) => ({
        body: { ...account(), ...(req.body as object), weeklyLimits: { connection_request: 100, message: 40 } },
      }),
    });
    const user = userEvent.setup();
    show(account());
    await user.type(kind('Messages').getByLabelText('in any 7 days'), '40');
    await user.click(screen.getByLabelText(/Warm up this account/));
    await user.clear(screen.getByLabelText('Start at, per day'));
    await user.type(screen.getByLabelText('Start at, per day'), '9');
    await user.clear(screen.getByLabelText('Add each day'));
    await user.type(screen.getByLabelText('Add each day'), '3');
    await user.clear(screen.getByLabelText('Started on'));
    await user.type(screen.getByLabelText('Started on'), '2026-03-01');
    expect(screen.getByText(/Warming up:/).textContent).toContain('Warming up: 12 a day, 20 from Thursday');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Limits of Ada Sender saved.')).toBeTruthy();
    expect(sent.at(-1)!.body).toEqual({
      weeklyLimits: { message: 40 },
      warmUp: { startDaily: 9, addPerDay: 3, startedOn: '2026-03-01' },
    });
  });

  it('says what is wrong before sending: an absurd cap, a warm-up after today, no invitation cap', async () => {
    const { sent } = fakeApi({});
    const user = userEvent.setup();
    show(account());
    await user.type(kind('Messages').getByLabelText('in any 7 days'), '20000');
    expect(kind('Messages').getByText('A whole number from 0 to 10,000, or empty for no weekly cap.')).toBeTruthy();
    await user.clear(kind('Invitations to connect').getByLabelText('in any 7 days'));
    expect(kind('Invitations to connect').getByText(/Invitations always have a weekly cap/)).toBeTruthy();
    await user.click(screen.getByLabelText(/Warm up this account/));
    await user.clear(screen.getByLabelText('Started on'));
    await user.type(screen.getByLabelText('Started on'), '2026-03-05');
    expect(screen.getByText('The warm-up cannot start after today in the sender’s time zone.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save limits' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal on its field, in the form’s words', async () => {
    fakeApi({
      [`PATCH ${PATH}`]: {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          code: 'invalid_request',
          detail: 'The warm-up’s start date must not be in the future.',
          errors: [
            {
              path: 'warmUp.startedOn',
              message: 'must not be in the future: today is 2026-03-01 in the account’s time zone (America/Los_Angeles)',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    show(account());
    await user.click(screen.getByLabelText(/Warm up this account/));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    const field = await screen.findByText('The warm-up cannot start after today in the sender’s time zone.');
    expect(field.id).toBe(screen.getByLabelText('Started on').getAttribute('aria-describedby'));
    expect(screen.queryByText(/warmUp|startedOn/)).toBeNull();
  });

  it('shows a warm-up under way with its ramp, and ends it', async () => {
    const { sent } = fakeApi({ [`PATCH ${PATH}`]: { body: account() } });
    const user = userEvent.setup();
    show(account({ warmUp: { startDaily: 2, addPerDay: 3, startedOn: '2026-03-02' }, timeZone: 'Europe/Paris' }));
    expect(screen.getByText(/Warming up:/).textContent).toContain('Warming up: 2 a day, 20 from Sunday');
    expect((screen.getByLabelText('Time zone of its days') as HTMLSelectElement).value).toBe('Europe/Paris');
    await user.click(screen.getByLabelText(/Warm up this account/));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await screen.findByText('Limits of Ada Sender saved.');
    expect(sent.at(-1)!.body).toEqual({ warmUp: null });
  });
});
