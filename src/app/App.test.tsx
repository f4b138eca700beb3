// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { useSession } from './session';

// The campaigns page's code stands in for the real one (its data is not what is tested here).
vi.mock('./editor/CampaignsPage', () => ({ default: () => <h1>Campaigns</h1> }));

const renderApp = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App />
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"items":[]}', { headers: { 'Content-Type': 'application/json' } })),
  );
  useSession.getState().signIn('key-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the app at an address that is none of its pages', () => {
  it('shows "Page not found" for a malformed address, with a way back to the campaigns', async () => {
    window.history.replaceState(null, '', '/campaigns/%E0');
    renderApp();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to campaigns' })));
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
  });

  it('shows "Page not found" for an unknown address, with the navigation still there', () => {
    window.history.replaceState(null, '', '/no-such-page');
    renderApp();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
