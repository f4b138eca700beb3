// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, testQueryClient } from '../api/testing';
import { useEditorBridge, type MessageCursor } from '../shared-bridge';
import { Toaster, useToasts } from '../ui/toast';
import { InspirationList } from './InspirationList';

const POST = {
  id: '55555555-5555-4555-8555-555555555555',
  workspaceId: '66666666-6666-4666-8666-666666666666',
  text: 'Three lessons from 100 discovery calls. #SaaS #sales',
  author: 'Dana',
  url: null,
  providerId: null,
  notes: 'Open with the second lesson.',
  authorId: null,
  authorUrl: null,
  linkedinAccountId: null,
  reactions: 12,
  comments: null,
  reposts: null,
  observedAt: null,
  publishedAt: null,
  avatarUrl: null,
  media: [],
  createdAt: '2026-11-25T10:00:00.000Z',
};

/** A selected message step, as the editor publishes it through the bridge. */
function selectMessageStep(text: string, cursor: MessageCursor | null) {
  const step = { text };
  useEditorBridge.getState().setMessageTarget({
    nodeId: 'thanks',
    label: 'Thank-you note',
    currentText: () => step.text,
    cursor: () => cursor,
    applyTemplate: (next) => (step.text = next),
    isDropTarget: () => false,
  });
  return step;
}

function renderList() {
  const searches: string[] = [];
  fakeApi({
    'GET /api/v1/content/inspiration': (request) => {
      searches.push(request.query.search ?? '');
      return { body: { items: [POST], nextCursor: null } };
    },
  });
  const { wrapper } = testQueryClient();
  render(
    <>
      <InspirationList layout="dock" />
      <Toaster />
    </>,
    { wrapper },
  );
  return searches;
}

beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => {
  cleanup();
  useEditorBridge.getState().setMessageTarget(null);
});

describe('an inspiration card', () => {
  it('“Use in message” adds the post after a written message at once, nothing asked; Undo puts the message back', async () => {
    const step = selectMessageStep('Thanks for connecting!', null);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Use in message' }));
    expect(step.text).toBe(`Thanks for connecting!\n\n${POST.text}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const toast = screen.getByRole('status');
    expect(toast.textContent).toMatch(/Added after the message of “Thank-you note”/);
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(step.text).toBe('Thanks for connecting!');
  });

  it('goes in at the cursor when one was placed in the message', async () => {
    const step = selectMessageStep('Hi , glad to connect.', { start: 3, end: 3 });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Use in message' }));
    expect(step.text).toBe(`Hi ${POST.text}, glad to connect.`);
    expect(screen.getByRole('status').textContent).toMatch(/Inserted at the cursor in “Thank-you note”/);
  });

  it('shows the notes and the post’s tags; a tag shows the posts with it', async () => {
    const searches = renderList();
    const card = (await screen.findByText(/Three lessons/)).closest('li')!;
    expect(within(card).getByText('Open with the second lesson.')).toBeTruthy();
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['#SaaS', '#sales']);
    await userEvent.click(within(tags).getByRole('button', { name: '#SaaS' }));
    await waitFor(() => expect(searches.at(-1)).toBe('#SaaS'));
    expect((screen.getByRole('searchbox', { name: 'Search inspirations' }) as HTMLInputElement).value).toBe('#SaaS');
  });
});
