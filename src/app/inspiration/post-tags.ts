/** A hashtag as LinkedIn writes it: `#` then letters, digits or `_`, not inside a word or a link. */
const HASHTAG = /(?<![\p{L}\p{N}_/#&])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;

/**
 * A saved post's tags: the hashtags its author wrote (`#SaaS`, `#growth`), each once (the first
 * spelling kept, compared without case), in the order they appear — what the card shows and a click
 * searches for.
 */
export function postTags(text: string): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(HASHTAG)) {
    const tag = match[1]!;
    if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()];
}
