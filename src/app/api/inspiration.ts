import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { inspirationPageSchema, inspirationSchema, type Inspiration, type InspirationInput } from '../../domain/contract/inspiration';
import { useSession } from '../session';
import { apiCall } from './http';

export type { Inspiration };

/** Saved inspirations, newest first, cursor pages; `search` matches text or author. */
export function useInspirations(search: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  const q = search.trim();
  return useInfiniteQuery({
    queryKey: ['inspirations', workspaceId, q],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiCall(inspirationPageSchema, '/api/v1/content/inspiration', {
          query: { search: q || undefined, limit: 30, cursor: pageParam },
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Spec 4.3 save (workspaceId in the body, contract 2). */
export function useSaveInspiration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InspirationInput) =>
      (await apiCall(inspirationSchema, '/api/v1/content/inspiration', { method: 'POST', body: input })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['inspirations'] }),
  });
}
