/** One block of a text/event-stream (WHATWG SSE): a named event with its data, or a comment line. */
export interface StreamBlock {
  event?: string;
  data?: string;
  comment?: string;
}

/**
 * An incremental text/event-stream parser: `push` the decoded text as it arrives, get back every
 * block completed so far (a block ends with an empty line; CRLF and CR line ends are accepted).
 */
export function eventStreamParser(): { push(text: string): StreamBlock[] } {
  let buffer = '';
  const parseBlock = (block: string): StreamBlock | undefined => {
    const out: StreamBlock = {};
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        out.comment = line.slice(1).trim();
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') out.event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) out.data = data.join('\n');
    return out.event !== undefined || out.data !== undefined || out.comment !== undefined ? out : undefined;
  };
  return {
    push(text) {
      buffer += text.replace(/\r\n?/g, '\n');
      const blocks: StreamBlock[] = [];
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (block) blocks.push(block);
      }
      return blocks;
    },
  };
}
