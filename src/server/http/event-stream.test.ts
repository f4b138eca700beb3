import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventStream } from './event-stream';

afterEach(() => vi.useRealTimers());

const decoder = new TextDecoder();

async function start() {
  let send: (event: string, data: unknown) => void = () => undefined;
  const unsubscribe = vi.fn();
  const stopping = new AbortController();
  const res = await eventStream({
    subscribe: async (s) => ((send = s), unsubscribe),
    keepAliveMs: 25_000,
    stopping: stopping.signal,
  });
  const reader = res.body!.getReader();
  const read = async () => {
    const chunk = await reader.read();
    return chunk.done ? null : decoder.decode(chunk.value);
  };
  return { res, read, reader, send: (e: string, d: unknown) => send(e, d), unsubscribe, stopping };
}

describe('eventStream', () => {
  it('opens with a comment, sends events as SSE blocks and a keep-alive comment every interval', async () => {
    vi.useFakeTimers();
    const s = await start();
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await s.read()).toBe(': listening\n\n');
    s.send('campaign.changed', { campaignId: 'c1' });
    expect(await s.read()).toBe('event: campaign.changed\ndata: {"campaignId":"c1"}\n\n');
    vi.advanceTimersByTime(25_000);
    expect(await s.read()).toBe(': keep-alive\n\n');
  });

  it('a client that goes away unsubscribes', async () => {
    const s = await start();
    await s.read();
    await s.reader.cancel();
    expect(s.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a stopping server ends the stream and unsubscribes', async () => {
    const s = await start();
    await s.read();
    s.stopping.abort();
    expect(await s.read()).toBeNull();
    expect(s.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a failed subscription answers nothing and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(
      eventStream({ subscribe: () => Promise.reject(new Error('no listener')), keepAliveMs: 1000, stopping: new AbortController().signal }),
    ).rejects.toThrow('no listener');
    expect(vi.getTimerCount()).toBe(0);
  });
});
