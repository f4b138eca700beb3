/**
 * A Server-Sent Events response (text/event-stream) for one subscription. It opens with a comment
 * (so the client knows it is listening), sends a keep-alive comment every `keepAliveMs`, and ends —
 * releasing the subscription — when the client goes away or the server is stopping.
 */
export interface EventStreamOptions {
  /** Subscribes with the stream's `send`; resolves once subscribed, with the function that unsubscribes. */
  subscribe(send: (event: string, data: unknown) => void): Promise<() => void>;
  keepAliveMs: number;
  /** Aborted when the server shuts down: the stream ends so graceful shutdown never waits for it. */
  stopping: AbortSignal;
}

const encoder = new TextEncoder();

export async function eventStream({ subscribe, keepAliveMs, stopping }: EventStreamOptions): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let unsubscribe = () => undefined as void;
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), keepAliveMs);
  keepAlive.unref?.();
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    stopping.removeEventListener('abort', end);
    unsubscribe();
    try {
      controller.close();
    } catch {
      // already closed or cancelled by the client
    }
  };
  const write = (text: string) => {
    if (ended) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      end();
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: end, // the client disconnected
  });
  try {
    unsubscribe = await subscribe((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  } catch (err) {
    clearInterval(keepAlive);
    throw err;
  }
  write(': listening\n\n');
  stopping.addEventListener('abort', end, { once: true });
  if (stopping.aborted) end();
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no', // a reverse proxy must not hold events back
      Connection: 'close', // the socket is never reused after a stream: it closes with it (and with a stopping server)
    },
  });
}
