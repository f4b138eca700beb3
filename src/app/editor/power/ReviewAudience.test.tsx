// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudienceCheck } from '../../api/exclusions';
import { useSession } from '../../session';
import { excludedSentence, ReviewAudience, unsupportedSentence } from './ReviewAudience';

const CAMPAIGN = '00000000-0000-4000-8000-000000000001';
const person = (i: number) => ({
  prospectId: `00000000-0000-4000-8000-00000000010${i}`,
  name: `Person ${i}`,
  profileUrl: `https://twitter.com/p${i}`,
});

function renderWith(check: AudienceCheck) {
  useSession.setState({ apiKey: 'k', baseUrl: 'http://app.test', workspaceId: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(check), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewAudience campaignId={CAMPAIGN} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the launch review’s audience (contract 10.3)', () => {
  it('says how many of the prospects are on the do-not-contact list and whose link nobody can reach', async () => {
    const check: AudienceCheck = {
      enrolled: 300,
      excluded: {
        count: 12,
        items: [1, 2].map((i) => ({
          ...person(i),
          entry: { exclusionId: person(i).prospectId, kind: 'company' as const, value: 'Acme', reason: 'Customer' },
        })),
      },
      unsupportedProfiles: { count: 1, items: [person(3)] },
    };
    renderWith(check);
    expect((await screen.findByTestId('review-excluded')).textContent).toBe(
      '12 of your 300 prospects are on the do-not-contact list and will be skipped.',
    );
    expect(screen.getByTestId('review-unsupported').textContent).toBe(
      '1 of your 300 prospects has a profile link that is not LinkedIn or WhatsApp: nobody can contact them.',
    );
    expect(screen.getByText('Person 1')).toBeTruthy();
    expect(screen.getByText('…and 7 more.')).toBeTruthy();
    expect(unsupportedSentence({ ...check, unsupportedProfiles: { count: 3, items: [] } })).toMatch(
      /^3 of your 300 prospects have profile links that are/,
    );
    expect(excludedSentence({ ...check, excluded: { count: 1, items: [] } })).toBe(
      '1 of your 300 prospects is on the do-not-contact list and will be skipped.',
    );
  });

  it('says nothing when everyone can be contacted', async () => {
    const { container } = renderWith({ enrolled: 3, excluded: { count: 0, items: [] }, unsupportedProfiles: { count: 0, items: [] } });
    // Once the answer is in (the query has read it), nothing is shown.
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    await new Promise((r) => setTimeout(r, 0));
    expect(container.textContent).toBe('');
  });
});
