import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { apiFetch, currentWorkspaceId } from './http';

export type Channel = 'professional_network' | 'messaging_app';

/** A connected sender account (contract 7 GET /api/messaging/accounts). */
export interface Account {
  id: string;
  channel: Channel;
  name: string;
  premium: boolean;
  createdAt: string;
}

export const CHANNEL_LABEL: Record<Channel, string> = {
  professional_network: 'LinkedIn',
  messaging_app: 'WhatsApp',
};

/** The workspace's accounts; changes rarely, so cached for a minute. */
export function useAccounts() {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['accounts', workspaceId],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ items: Account[] }>('/api/messaging/accounts', { query: { workspaceId: currentWorkspaceId() }, signal })).data
        .items,
  });
}
