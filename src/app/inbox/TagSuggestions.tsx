import { useWorkspaceTags } from '../api/conversations';

/**
 * The workspace's tags as a <datalist>: inputs that name it (`list={id}`) suggest them as the user
 * types (the browser matches what is typed; the filter sent to the API is the exact tag chosen).
 */
export function TagSuggestions({ id }: { id: string }) {
  const { data } = useWorkspaceTags();
  return (
    <datalist id={id}>
      {data?.map((t) => (
        <option key={t.tag} value={t.tag} label={`${t.conversations} conversation${t.conversations === 1 ? '' : 's'}`} />
      ))}
    </datalist>
  );
}
