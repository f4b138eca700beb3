import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result serialised where it was computed (a worker thread): its JSON and that JSON again as
 * a JSON string (the text content), both UTF-8, one after the other in one buffer that the worker
 * hands over (transferred, not copied). A result of several MiB then costs the event loop neither a
 * structured-clone rebuild, a JSON.stringify, an escaping and a UTF-8 encoding nor a copy.
 */
export interface SerialisedResult {
  readonly serialised: true;
  /** The JSON, then the quoted JSON. */
  bytes: Uint8Array;
  /** Where the quoted JSON starts in `bytes`. */
  quotedAt: number;
}

/** Serialises `value` for an answer (run it in the worker that computed the value). */
export function serialiseResult(value: unknown): SerialisedResult {
  const json = JSON.stringify(value);
  const quoted = JSON.stringify(json);
  const quotedAt = Buffer.byteLength(json);
  const bytes = new Uint8Array(quotedAt + Buffer.byteLength(quoted));
  const encoder = new TextEncoder();
  encoder.encodeInto(json, bytes);
  encoder.encodeInto(quoted, bytes.subarray(quotedAt));
  return { serialised: true, bytes, quotedAt };
}

export const isSerialisedResult = (value: unknown): value is SerialisedResult =>
  typeof value === 'object' && value !== null && (value as { serialised?: unknown }).serialised === true;

export const serialisedBytes = (result: SerialisedResult) => result.bytes.byteLength;

const RAW_KEY = '$serialised';

/**
 * One /mcp request's serialised results: the MCP SDK answers with placeholders in their place (a
 * random token per request, so no caller's text can forge one), then `splice` puts the bytes in.
 */
export function serialisedResults() {
  const nonce = randomUUID();
  const parts = new Map<string, Uint8Array>();
  const token = () => `serialised-${nonce}-${parts.size}`;
  const placeholders = new RegExp(`\\{"\\${RAW_KEY}":"(serialised-${nonce}-\\d+)"\\}|"(serialised-${nonce}-\\d+)"`, 'g');
  return {
    /** The result the SDK sees: a structuredContent and a text that stand for `result`'s bytes. */
    placeholder(result: SerialisedResult): CallToolResult {
      const structured = token();
      parts.set(structured, result.bytes.subarray(0, result.quotedAt));
      const text = token();
      parts.set(text, result.bytes.subarray(result.quotedAt));
      return { structuredContent: { [RAW_KEY]: structured }, content: [{ type: 'text', text }] };
    },
    /**
     * The SDK's answer with every placeholder replaced by its bytes (unchanged when there is none),
     * written piece by piece: the MiBs of the results are never copied into one new buffer.
     */
    async splice(response: Response): Promise<Response> {
      if (parts.size === 0) return response;
      const text = await response.text();
      const chunks: Uint8Array[] = [];
      let last = 0;
      for (const match of text.matchAll(placeholders)) {
        chunks.push(Buffer.from(text.slice(last, match.index)), parts.get(match[1] ?? match[2]!)!);
        last = match.index + match[0].length;
      }
      chunks.push(Buffer.from(text.slice(last)));
      const headers = new Headers(response.headers);
      headers.set('content-length', String(chunks.reduce((n, chunk) => n + chunk.byteLength, 0)));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      return new Response(body, { status: response.status, headers });
    },
  };
}
