// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hrefs } from '../boot/paths';
import { fakeApi, testEndpoint, testQueryClient } from '../api/testing';
import { polyfillResizeObserver } from '../ui/testing';
import { DOCK_DEFAULT_WIDTH, DOCK_MIN_WIDTH, useDock } from './dock-store';

// jsdom has no matchMedia; Dock.tsx asks it when loaded. A narrow window: the dock starts as its rail.
vi.hoisted(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList;
});
const { default: Dock } = await import('./Dock');
// The open dock is a lazy chunk: loaded here once, so each test does not wait for it.
await import('./ExpandedDock');

const showDock = () => render(<Dock />, { wrapper: testQueryClient().wrapper });
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

beforeEach(() => {
  polyfillResizeObserver();
  useDock.setState({ collapsed: null, width: DOCK_DEFAULT_WIDTH, tab: 'inbox' });
  fakeApi({ 'GET /api/v1/webhook-endpoints': { body: { items: [testEndpoint()], nextCursor: null } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dock', () => {
  it('starts as its icon rail in a narrow window; a rail icon opens that pane', async () => {
    showDock();
    expect(screen.getByRole('complementary', { name: 'Side panel (collapsed)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open Webhooks in the side panel' }));
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toBeTruthy();
    expect(selectedTab()).toContain('Webhooks');
    expect(useDock.getState()).toMatchObject({ collapsed: false, tab: 'webhooks' });
  });

  it('open, tells the page its width so the toasts stand beside it; collapsed, says nothing', async () => {
    useDock.setState({ collapsed: false, tab: 'webhooks' });
    showDock();
    await screen.findByRole('tab', { name: /Webhooks/ });
    expect(document.documentElement.style.getPropertyValue('--toasts-right')).toMatch(/^\d+px$/);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse side panel' }));
    expect(document.documentElement.style.getPropertyValue('--toasts-right')).toBe('');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around', async () => {
    useDock.setState({ collapsed: false, tab: 'webhooks' });
    showDock();
    const tab = await screen.findByRole('tab', { name: /Webhooks/ });
    tab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(selectedTab()).toContain('Inbox');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Inbox/ }));
    await userEvent.keyboard('{End}');
    expect(selectedTab()).toContain('Webhooks');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(selectedTab()).toContain('Webhooks');
  });

  it('links the current pane to its full view and collapses back to the rail, remembering the choice', async () => {
    useDock.setState({ collapsed: false, tab: 'webhooks' });
    showDock();
    expect((await screen.findByRole('link', { name: 'Open Webhooks full view' })).getAttribute('href')).toBe(hrefs.webhooks());
    await userEvent.click(screen.getByRole('button', { name: 'Collapse side panel' }));
    expect(screen.getByRole('complementary', { name: 'Side panel (collapsed)' })).toBeTruthy();
    expect(useDock.getState().collapsed).toBe(true);
  });

  it('is resized from the keyboard, never narrower than its minimum', async () => {
    useDock.setState({ collapsed: false, tab: 'webhooks' });
    showDock();
    const handle = await screen.findByRole('separator', { name: 'Resize side panel' });
    handle.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(useDock.getState().width).toBeGreaterThan(DOCK_DEFAULT_WIDTH);
    await userEvent.keyboard('{Home}');
    expect(useDock.getState().width).toBe(DOCK_MIN_WIDTH);
    await userEvent.keyboard('{ArrowRight}');
    expect(useDock.getState().width).toBe(DOCK_MIN_WIDTH);
    await userEvent.keyboard('{Enter}');
    expect(useDock.getState().width).toBe(DOCK_DEFAULT_WIDTH);
  });
});
