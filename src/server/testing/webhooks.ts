import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  /** Raw body text exactly as received. */
  body: string;
  at: number;
}

/**
 * How the receiver answers: `status` (after `delayMs`), or a fault — `hang` never answers, `slowBody`
 * sends the status line and then trickles the body forever. `headers`/`body` go with the status.
 */
export interface ReceiverState {
  status: number;
  delayMs: number;
  hang: boolean;
  slowBody: boolean;
  headers: Record<string, string>;
  body: string;
}

/** A real local webhook receiver (node:http on 127.0.0.1) for tests and benchmarks: records requests, answers per `state`. */
export async function startReceiver(initialStatus = 204, initial: Partial<ReceiverState> = {}) {
  const received: ReceivedRequest[] = [];
  const state: ReceiverState = { status: initialStatus, delayMs: 0, hang: false, slowBody: false, headers: {}, body: '', ...initial };
  const open = new Set<ServerResponse>();
  let cut = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      if (!res.writableEnded) cut += 1;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const { status, delayMs, hang, slowBody, headers, body } = state;
      if (hang) return;
      if (slowBody) {
        res.writeHead(status, headers);
        const drip = () => {
          if (res.destroyed) return;
          res.write('.');
          later(drip, 200);
        };
        return drip();
      }
      later(() => res.writeHead(status, headers).end(body), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    state,
    /** Requests the sender gave up on before their answer ended (its attempt timeout, a shutdown): the events a wait can be measured against. */
    cut: () => cut,
    /** Resolves once `n` requests arrived (or rejects after `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 8000): Promise<ReceivedRequest[]> {
      const start = Date.now();
      while (received.length < n) {
        if (Date.now() - start > timeoutMs) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A URL on which nothing listens (connection refused). */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
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
