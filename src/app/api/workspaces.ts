import { useQuery } from '@tanstack/react-query';
import { workspaceListSchema, type Workspace } from '../../domain/contract/workspaces';
import { useSession } from '../session';
import { apiCall } from './http';

export type { Workspace };

/** The workspaces the signed-in key grants (extension GET /api/workspaces); asked before any workspace is chosen. */
export function useWorkspaces() {
  const apiKey = useSession((s) => s.apiKey);
  return useQuery({
    queryKey: ['workspaces', apiKey],
    enabled: Boolean(apiKey),
    queryFn: async () => (await apiCall(workspaceListSchema, '/api/workspaces', { workspace: 'none' })).data.items,
  });
}
