import { describe, expect, it } from 'vitest';
import { serialiseResult, serialisedBytes, serialisedResults } from './serialised-result';

describe('serialised tool results', () => {
  it('the spliced answer is the JSON the SDK would have written with the results themselves', async () => {
    const results = serialisedResults();
    const first = { paths: [{ text: 'Hé "Ada" \\ 👋\n' }], truncated: false };
    const second = { paths: [], truncated: true };
    const answer = [
      { jsonrpc: '2.0', id: 1, result: results.placeholder(serialiseResult(first)) },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'serialised-not-ours-0' }] } },
      { jsonrpc: '2.0', id: 3, result: results.placeholder(serialiseResult(second)) },
    ];
    const spliced = await results.splice(Response.json(answer, { status: 200, headers: { 'X-Kept': 'yes' } }));
    expect(spliced.headers.get('X-Kept')).toBe('yes');
    const written = Buffer.from(await spliced.clone().arrayBuffer());
    expect(Number(spliced.headers.get('Content-Length'))).toBe(written.byteLength);
    expect(await spliced.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: { structuredContent: first, content: [{ type: 'text', text: JSON.stringify(first) }] } },
      answer[1],
      { jsonrpc: '2.0', id: 3, result: { structuredContent: second, content: [{ type: 'text', text: JSON.stringify(second) }] } },
    ]);
  });

  it('counts the bytes written, and leaves an answer without serialised results as it is', async () => {
    const result = serialiseResult({ text: 'é' });
    expect(serialisedBytes(result)).toBe(Buffer.byteLength('{"text":"é"}') + Buffer.byteLength('"{\\"text\\":\\"é\\"}"'));
    const plain = Response.json({ ok: true });
    expect(await serialisedResults().splice(plain)).toBe(plain);
  });
});
