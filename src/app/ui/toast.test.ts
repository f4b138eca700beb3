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

  it('an undoable toast commits when it leaves by time, by × or crowded out, and only undoes on Undo', () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const undoable = (name: string) => ({ undo: () => log.push(`undo ${name}`), commit: () => log.push(`commit ${name}`) });
    toast.undoable('Deleted A.', undoable('A'));
    toast.undoable('Deleted B.', undoable('B'));
    toast.undoable('Deleted C.', undoable('C'));
    const [a, b] = useToasts.getState().toasts;
    useToasts.getState().undo(a!.id);
    useToasts.getState().dismiss(b!.id);
    expect(log).toEqual(['undo A', 'commit B']);
    for (const n of [1, 2, 3, 4]) toast.info(`n${n}`);
    expect(log).toEqual(['undo A', 'commit B', 'commit C']);
    vi.advanceTimersByTime(10_000);
    expect(log).toHaveLength(3);

    toast.undoable('Deleted D.', undoable('D'));
    vi.advanceTimersByTime(7_900);
    expect(log).toHaveLength(3);
    vi.advanceTimersByTime(200);
    expect(log.at(-1)).toBe('commit D');
  });
});
