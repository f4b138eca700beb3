// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '../../../domain/contract/campaigns';
import { testQueryClient } from '../../api/testing';
import { ConfirmHost } from '../../ui/confirm';
import { useToasts } from '../../ui/toast';

const api = vi.hoisted(() => ({
  duplicateCampaign: vi.fn(),
  enrollProspectsOf: vi.fn(),
  navigate: vi.fn(),
}));
vi.mock('../../api/campaigns', async (original) => ({ ...(await original<object>()), duplicateCampaign: api.duplicateCampaign }));
vi.mock('../../api/prospects', async (original) => ({ ...(await original<object>()), enrollProspectsOf: api.enrollProspectsOf }));
vi.mock('../../router', async (original) => ({ ...(await original<object>()), navigate: api.navigate }));

const { CampaignActions, duplicateWords } = await import('./CampaignActions');

const SOURCE = { campaignId: 'c-source', name: 'Webinar invites', status: 'completed', archivedAt: null } as unknown as CampaignSummary;

function renderActions() {
  const { client } = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <CampaignActions campaign={SOURCE} />
      <ConfirmHost />
    </QueryClientProvider>,
  );
}

const duplicateAnd = async (answer: string) => {
  await userEvent.click(screen.getByRole('button', { name: 'Actions for Webinar invites' }));
  await userEvent.click(screen.getByRole('button', { name: 'Duplicate as a draft…' }));
  const question = screen.getByRole('alertdialog', { name: 'Duplicate “Webinar invites”?' });
  await userEvent.click(within(question).getByRole('button', { name: answer }));
};

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  useToasts.setState({ toasts: [] });
  api.duplicateCampaign.mockReset().mockResolvedValue({ campaignId: 'c-copy', name: 'Webinar invites (copy)' });
  api.enrollProspectsOf
    .mockReset()
    .mockResolvedValue({ enrolled: 3, alreadyEnrolled: 0, excluded: [{ prospectId: 'p9', reason: 'in_other_campaign' }] });
  api.navigate.mockReset();
});
afterEach(cleanup);

describe('duplicating a campaign', () => {
  it('asks with or without its prospects; with them, the copy gets every prospect the rule allows and says who stayed out', async () => {
    renderActions();
    await duplicateAnd('With its prospects');
    await waitFor(() => expect(api.navigate).toHaveBeenCalledWith('/campaigns/c-copy'));
    expect(api.enrollProspectsOf).toHaveBeenCalledWith('c-source', 'c-copy');
    expect(useToasts.getState().toasts.at(-1)?.message).toBe(
      'Made a draft copy: “Webinar invites (copy)”, with 3 prospects. 1 still under way in another campaign stayed out.',
    );
  });

  it('without them, only the steps and senders are copied; Cancel copies nothing', async () => {
    renderActions();
    await duplicateAnd('Without prospects');
    await waitFor(() => expect(api.navigate).toHaveBeenCalledWith('/campaigns/c-copy'));
    expect(api.enrollProspectsOf).not.toHaveBeenCalled();
    expect(useToasts.getState().toasts.at(-1)?.message).toBe('Made a draft copy: “Webinar invites (copy)”, without prospects.');
    api.duplicateCampaign.mockClear();
    await duplicateAnd('Cancel');
    expect(api.duplicateCampaign).not.toHaveBeenCalled();
  });

  it('says one prospect in the singular', () => {
    expect(duplicateWords('X (copy)', { enrolled: 1, alreadyEnrolled: 0, excluded: [] })).toBe(
      'Made a draft copy: “X (copy)”, with 1 prospect.',
    );
  });
});
