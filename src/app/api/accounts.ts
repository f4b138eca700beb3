import { useQuery } from '@tanstack/react-query';
import { accountListSchema, type Account, type Channel } from '../../domain/contract/conversations';
import { useSession } from '../session';
import { apiFetch, currentWorkspaceId } from './http';

export type { Account, Channel };

export const CHANNEL_LABEL: Record<Channel, string> = {
  professional_network: 'LinkedIn',
  messaging_app: 'WhatsApp',
};

/** The workspace's accounts (with their unread conversation counts); cached for half a minute. */
export function useAccounts() {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['accounts', workspaceId],
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      accountListSchema.parse((await apiFetch('/api/messaging/accounts', { query: { workspaceId: currentWorkspaceId() }, signal })).data)
        .items,
  });
}
