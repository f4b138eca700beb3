import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from './toast';

const messages = () => useToasts.getState().toasts.map((t) => `${t.tone}:${t.message}`);

describe('toasts', () => {
  afterEach(() => {
    useToasts.setState({ toasts: [] });
    vi.useRealTimers();
  });

  it('shows the same news once: a repeat replaces the older copy and restarts its time', () => {
    vi.useFakeTimers();
    toast.success('Saved.');
    vi.advanceTimersByTime(3000);
    toast.info('Reloaded.');
    toast.success('Saved.');
    expect(messages()).toEqual(['info:Reloaded.', 'success:Saved.']);
    vi.advanceTimersByTime(1500); // the first copy's timer ends: the repeat stays
    expect(messages()).toEqual(['info:Reloaded.', 'success:Saved.']);
    vi.advanceTimersByTime(2600);
    expect(messages()).toEqual([]);
  });

  it('keeps the same words in another tone, and at most four toasts, the oldest leaving first', () => {
    toast.success('Done');
    toast.error('Done');
    for (const n of [1, 2, 3]) toast.info(`n${n}`);
    expect(messages()).toEqual(['error:Done', 'info:n1', 'info:n2', 'info:n3']);
  });
});
