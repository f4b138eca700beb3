import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  /** Raw body text exactly as received. */
  body: string;
  at: number;
}

/** A real local webhook receiver (node:http on 127.0.0.1) for tests: records requests, answers `status`. */
export async function startReceiver(initialStatus = 204) {
  const received: ReceivedRequest[] = [];
  const state = { status: initialStatus, delayMs: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      setTimeout(() => res.writeHead(state.status).end(), state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    state,
    /** Resolves once `n` requests arrived (or rejects after `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 8000): Promise<ReceivedRequest[]> {
      const start = Date.now();
      while (received.length < n) {
        if (Date.now() - start > timeoutMs) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 8000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await sleep(50);
  }
}
