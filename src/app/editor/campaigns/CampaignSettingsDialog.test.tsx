// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { fakeApi, testQueryClient, type SentRequest } from '../../api/testing';
import { polyfillDialogs } from '../../ui/testing';
import { testCampaign } from '../store/test-campaign';
import { CampaignSettingsDialog } from './CampaignSettingsDialog';

const CAMPAIGN_ID = '55555555-5555-4555-8555-555555555555';

/** The update-campaign calls the dialog sends, answered with the campaign as stored. */
function fakeServer() {
  const updates: Record<string, unknown>[] = [];
  fakeApi({
    'GET /api/messaging/accounts': { body: { items: [] } },
    'POST /mcp': (request: SentRequest) => {
      const { params, id } = request.body as { id: number; params: { arguments: Record<string, unknown> } };
      updates.push(params.arguments);
      const stored = testCampaign(connectionOnlyGraph(), { campaignId: CAMPAIGN_ID, ...(params.arguments as object) });
      return { body: { jsonrpc: '2.0', id, result: { structuredContent: stored } } };
    },
  });
  return updates;
}

beforeEach(polyfillDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (status: 'draft' | 'active') => {
  const { client } = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <CampaignSettingsDialog
        campaign={{
          campaignId: CAMPAIGN_ID,
          name: 'Q4',
          senderAccountIds: [],
          status,
          senderAssignment: 'least_loaded',
          senderField: null,
        }}
        focus="senders"
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
};

describe('the campaign settings dialog’s sender assignment (contract 10.2)', () => {
  it('sends by_field with the field typed in, in words the user reads', async () => {
    const updates = fakeServer();
    open('draft');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Each new prospect gets'), 'The sender named in a prospect field');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name the prospect field that holds the sender’s name.');
    await user.type(screen.getByLabelText('Prospect field with the sender’s name'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ senderAssignment: 'by_field', senderField: 'owner' });
  });

  it('cannot change it while the campaign runs, and sends nothing about it', async () => {
    const updates = fakeServer();
    open('active');
    expect((screen.getByLabelText('Each new prospect gets') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText(/Pause the campaign to change how new prospects get their sender/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).not.toHaveProperty('senderAssignment');
  });
});
