import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result serialised where it was computed (a worker thread): its JSON and that JSON again as
 * a JSON string (the text content), both UTF-8. A result of several MiB then costs the event loop a
 * copy instead of a structured-clone rebuild, a JSON.stringify, an escaping and a UTF-8 encoding.
 */
export interface SerialisedResult {
  readonly serialised: true;
  json: Uint8Array;
  quoted: Uint8Array;
}

/** Serialises `value` for an answer (run it in the worker that computed the value). */
export function serialiseResult(value: unknown): SerialisedResult {
  const encoder = new TextEncoder();
  const json = JSON.stringify(value);
  return { serialised: true, json: encoder.encode(json), quoted: encoder.encode(JSON.stringify(json)) };
}

export const isSerialisedResult = (value: unknown): value is SerialisedResult =>
  typeof value === 'object' && value !== null && (value as { serialised?: unknown }).serialised === true;

export const serialisedBytes = (result: SerialisedResult) => result.json.byteLength + result.quoted.byteLength;

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
      parts.set(structured, result.json);
      const text = token();
      parts.set(text, result.quoted);
      return { structuredContent: { [RAW_KEY]: structured }, content: [{ type: 'text', text }] };
    },
    /** The SDK's answer with every placeholder replaced by its bytes (unchanged when there is none). */
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
      headers.delete('content-length');
      return new Response(Buffer.concat(chunks), { status: response.status, headers });
    },
  };
}
