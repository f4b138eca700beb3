// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowDefinition } from '../../../domain';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { findTemplate } from '../../../domain/paths';
import { delayWithoutDurationGraph } from '../../../domain/testing/fixtures';
import type { Account } from '../../api/accounts';
import type { Campaign } from '../../api/campaigns';
import { fakeApi, senderAccount, testQueryClient, type SentRequest } from '../../api/testing';
import { polyfillDialogs } from '../../ui/testing';
import { editorStore } from '../store';
import { LaunchReviewDialog } from './LaunchReview';

/**
 * The review's part of launch-blocking problems (was e2e/launch-blockers.spec.ts; the step's form and
 * Problems are inspector/Inspector.test.tsx's, the rules domain/validator/readiness.test.ts's): the
 * saved graph's problem is listed with its fix and Launch stays disabled.
 */

const SENDER: Account = senderAccount('77777777-7777-4777-8777-777777777777', { name: 'Ada', premium: true });

const saved = (graph: WorkflowDefinition): Campaign => ({
  campaignId: '66666666-6666-4666-8666-666666666666',
  workspaceId: 'w1',
  name: 'Blocked',
  status: 'draft',
  editingMode: 'easy',
  senderAccountIds: [SENDER.id],
  schedule: DEFAULT_SCHEDULE,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  revisionOf: null,
  openRevisionId: null,
  senderAssignment: 'least_loaded',
  senderField: null,
  workflow_definition: graph,
});

async function openReview(campaign: Campaign, answers: Parameters<typeof fakeApi>[0] = {}) {
  fakeApi({
    ...answers,
    'GET /api/messaging/accounts': { body: { items: [SENDER] } },
    'POST /mcp': (r: SentRequest) => ({
      body: { jsonrpc: '2.0', id: (r.body as { id: number }).id, result: { structuredContent: campaign } },
    }),
  });
  editorStore.getState().open(campaign);
  const { client } = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <LaunchReviewDialog campaignId={campaign.campaignId} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'Review and launch' });
}

beforeEach(polyfillDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the launch review of a campaign with a launch-blocking problem', () => {
  it('a wrong-case placeholder: the problem with its fix, and Launch disabled', async () => {
    const graph = findTemplate('connection-only')!.build();
    graph.nodes.find((n) => n.id === 'connection_request')!.data.message_template = 'Hi {{firstName}} at {{Company}}';
    const dialog = await openReview(saved(graph));
    const problem = /has a placeholder in the wrong case, which prospects would get as written: \{\{Company\}\} → \{\{company\}\}/;
    expect(await within(dialog).findByText(problem)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Launch now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a Delay without a duration: the problem, and Launch disabled', async () => {
    const dialog = await openReview(saved(delayWithoutDurationGraph()));
    expect(await within(dialog).findByText('Delay has no duration: set how long it waits')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Launch now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a campaign without such a problem can be launched (the checks above can fail)', async () => {
    const dialog = await openReview(saved(findTemplate('connection-only')!.build()));
    expect(((await within(dialog).findByRole('button', { name: 'Launch now' })) as HTMLButtonElement).disabled).toBe(false);
  });
});

const prospect = (n: number, name: string) => ({
  prospectId: `0000000${n}-0000-4000-8000-000000000000`,
  workspaceId: '00000000-0000-4000-8000-00000000000a',
  profileUrl: `https://www.linkedin.com/in/p${n}`,
  name,
  headline: null,
  company: null,
  email: null,
  timeZone: null,
  customFields: { firstName: name.split(' ')[0]! },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the launch review fills its messages in for a prospect it will contact', () => {
  it('passes over the newest enrolled prospect when the do-not-contact list skips them', async () => {
    const graph = findTemplate('connection-only')!.build();
    graph.nodes.find((n) => n.id === 'connection_request')!.data.message_template = 'Hi {{firstName}}, shall we connect?';
    const [skipped, contacted] = [prospect(1, 'Sam Skipped'), prospect(2, 'Cleo Contacted')];
    const entry = { exclusionId: '00000000-0000-4000-8000-0000000000e1', kind: 'profile', value: skipped.profileUrl, reason: 'Customer' };
    const dialog = await openReview(saved(graph), {
      'GET /api/v1/prospects': { body: { items: [skipped, contacted], nextCursor: null, total: null } },
      'GET /api/v1/campaigns/66666666-6666-4666-8666-666666666666/audience-check': {
        body: {
          enrolled: 2,
          excluded: { count: 1, items: [{ prospectId: skipped.prospectId, name: skipped.name, profileUrl: skipped.profileUrl, entry }] },
          unsupportedProfiles: { count: 0, items: [] },
        },
      },
    });
    expect(await within(dialog).findByText('As Cleo Contacted, one of the prospects enrolled, will get them.')).toBeTruthy();
    expect(within(dialog).getByText(/^Hi Cleo, shall we connect\?/)).toBeTruthy();
  });
});
