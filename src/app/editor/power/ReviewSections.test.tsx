// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assignedVariant } from '../../../domain';
import { reviewLaunch } from '../../../domain/paths';
import { edge, node, variantGraph } from '../../../domain/testing/fixtures';
import type { Prospect } from '../../api/prospects';
import { ReviewSends } from './ReviewSections';

const review = reviewLaunch({
  nodes: [
    node('start', 'start'),
    node('thanks', 'message', { message_template: 'Hi {{firstName}}, how is {{company}}? ({{favouriteColour}})', reply_wait_days: 3 }),
    node('end', 'end'),
  ],
  edges: [edge('start', 'thanks'), edge('thanks', 'end', 'replied'), edge('thanks', 'end', 'no_reply')],
});

const ANNA = {
  prospectId: '55555555-5555-4555-8555-555555555555',
  name: 'Anna Berg',
  company: 'Northwind',
  customFields: { firstName: 'Anna' },
} as unknown as Prospect;

describe('what the launch review says will be sent', () => {
  it('shows a real enrolled prospect’s message, filled in; what they have no value for stands out, as written', () => {
    render(<ReviewSends review={review} accountsFailed={false} prospect={ANNA} sampleFields={{ firstName: 'Ada' }} />);
    expect(screen.getByTestId('review-filled-for').textContent).toBe('As Anna Berg, one of the prospects enrolled, will get them.');
    const message = screen.getByText(/^Hi Anna, how is Northwind\?/);
    expect(message.closest('.power-message')?.textContent).toBe(
      'Hi Anna, how is Northwind? ({{favouriteColour}}) (not filled: favouriteColour)',
    );
    expect(screen.getByText('{{favouriteColour}}').tagName).toBe('MARK');
    expect(screen.queryByText(/\{\{firstName\}\}/)).toBeNull();
  });

  it('uses the sample prospect while nobody is enrolled', () => {
    render(<ReviewSends review={review} accountsFailed={false} prospect={null} sampleFields={{ firstName: 'Ada', company: 'Engines' }} />);
    expect(screen.getByTestId('review-filled-for').textContent).toMatch(/sample prospect/);
    expect(screen.getByText(/^Hi Ada, how is Engines\?/)).toBeTruthy();
  });
});

const ada: Prospect = {
  prospectId: '0c2f9a51-8d7e-4f6a-b3c2-1e0d9f8a7b6c',
  workspaceId: '5b1e8f3a-7c2d-4e6f-9a0b-1c2d3e4f5a6b',
  profileUrl: 'https://www.linkedin.com/in/ada',
  name: 'Ada Lovelace',
  headline: null,
  company: 'Acme',
  email: null,
  timeZone: null,
  customFields: { firstName: 'Ada' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const CAMPAIGN = '6b0f1c8e-2f43-4b57-9a7e-0d1c2b3a4f5e';

afterEach(cleanup);

describe('the launch review’s sends (contract 10.1)', () => {
  it('shows every variant filled in for a real prospect, and which one that prospect gets', () => {
    const g = variantGraph();
    const review = reviewLaunch(g, {
      assigned: { campaignId: CAMPAIGN, prospectId: ada.prospectId, customFields: { firstName: 'Ada', company: 'Acme' } },
    });
    render(<ReviewSends review={review} accountsFailed={false} prospect={ada} sampleFields={{}} />);
    expect(screen.getByTestId('review-variants-for').textContent).toMatch(
      /^Variants are filled in for Ada Lovelace, one of the prospects enrolled/,
    );
    const invite = screen.getByRole('list', { name: 'Variants of Connection request' });
    const rows = within(invite).getAllByTestId('review-variant');
    expect(rows.map((r) => r.querySelector('.power-message')!.textContent)).toEqual([
      'Hi Ada, shall we connect?',
      'Hi Ada, I enjoyed your post about Acme. Shall we connect?',
    ]);
    const theirs = assignedVariant(
      g.nodes.find((n) => n.id === 'invite')!,
      CAMPAIGN,
      ada.prospectId,
    )!;
    expect(within(invite).getByText('Ada Lovelace gets this one').closest('li')!.textContent).toContain(theirs.label);
  });

  it('falls back to the sample prospect when nobody is enrolled', () => {
    render(<ReviewSends review={reviewLaunch(variantGraph())} accountsFailed={false} prospect={null} sampleFields={{}} />);
    expect(screen.getByTestId('review-variants-for').textContent).toMatch(/^Variants are filled in for the sample prospect/);
    expect(screen.queryByText(/gets this one/)).toBeNull();
    expect(screen.getAllByTestId('review-variant')[0]!.textContent).toContain('Hi Alex, shall we connect?');
  });
});
