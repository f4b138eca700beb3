// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewLaunch } from '../../../domain/paths';
import { edge, node } from '../../../domain/testing/fixtures';
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

afterEach(cleanup);

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
