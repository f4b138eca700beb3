import { describe, expect, it } from 'vitest';
import { eventStreamParser } from './event-stream';

describe('eventStreamParser', () => {
  it('returns blocks only once they are complete, across chunk boundaries', () => {
    const parser = eventStreamParser();
    expect(parser.push(': listening\n\nevent: campaign.changed\nda')).toEqual([{ comment: 'listening' }]);
    expect(parser.push('ta: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'campaign.changed', data: '{"a":1}' }]);
  });

  it('joins multi-line data, accepts CRLF and a field without a space after the colon', () => {
    const parser = eventStreamParser();
    expect(parser.push('event:x\r\ndata: one\r\ndata:two\r\n\r\n: keep-alive\r\n\r\n')).toEqual([
      { event: 'x', data: 'one\ntwo' },
      { comment: 'keep-alive' },
    ]);
  });

  it('skips empty blocks and unknown fields', () => {
    const parser = eventStreamParser();
    expect(parser.push('\n\nid: 3\n\nretry: 100\nevent: y\n\n')).toEqual([{ event: 'y' }]);
  });
});
