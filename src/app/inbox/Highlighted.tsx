import { splitMatches } from './search-match';

/** The text with the search marked (<mark>), so a row shows why it matched. */
export function Highlighted({ text, search }: { text: string; search: string }) {
  if (!search.trim()) return <>{text}</>;
  return <>{splitMatches(text, search).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
