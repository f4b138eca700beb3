import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { apiFetch } from './http';

export interface Workspace {
  id: string;
  slug: string;
  name: string;
}

/** The workspaces the signed-in key grants (extension GET /api/workspaces). */
export function useWorkspaces() {
  const apiKey = useSession((s) => s.apiKey);
  return useQuery({
    queryKey: ['workspaces', apiKey],
    enabled: Boolean(apiKey),
    queryFn: async () => (await apiFetch<{ items: Workspace[] }>('/api/workspaces')).data.items,
  });
}
