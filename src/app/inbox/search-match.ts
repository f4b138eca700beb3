/**
 * Why an inbox row matched the search (contract 4: a case-insensitive substring of the contact's name,
 * headline or any message text). The list answers conversations without the matched message, so the
 * row marks the search in what it shows, and says when the match lies in an earlier message.
 */

export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const searchPattern = (search: string): RegExp | null => {
  const term = search.trim();
  return term ? new RegExp(escapeRegExp(term), 'giu') : null;
};

/** The text cut into matching and non-matching parts (one part, unmatched, when the search is empty or absent). */
export function splitMatches(text: string, search: string): TextPart[] {
  const pattern = searchPattern(search);
  if (!pattern) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), match: false });
  return parts;
}

export const containsSearch = (text: string | null | undefined, search: string): boolean =>
  Boolean(text && searchPattern(search)?.test(text));

/** Characters kept before the first match when a long text is cut so the match shows in a one-line snippet. */
const LEAD = 12;

/** The text from a little before its first match (at a word start, "…" in front), so an ellipsized line still shows it. */
export function snippetAround(text: string, search: string): string {
  const pattern = searchPattern(search);
  const at = pattern ? text.search(pattern) : -1;
  if (at <= LEAD) return text;
  const from = text.lastIndexOf(' ', at - LEAD);
  return `…${text.slice(from < 0 ? at - LEAD : from + 1)}`;
}
