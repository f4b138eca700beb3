import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountListSchema, accountSchema, type Account, type Channel } from '../../domain/contract/conversations';
import type { PatchAccountBody } from '../../domain/contract/schedule';
import { useSession } from '../session';
import { apiFetch, currentWorkspaceId } from './http';

export type { Account, Channel };
export { CHANNEL_LABEL } from '../../domain/channels';

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

/** Contract 9.3: a sender's daily limits (the kinds given replace theirs); answers the account. */
export function useUpdateDailyLimits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, dailyLimits }: { accountId: string } & PatchAccountBody) => {
      const workspaceId = currentWorkspaceId();
      const { data } = await apiFetch<unknown>(`/api/messaging/accounts/${accountId}`, {
        method: 'PATCH',
        query: { workspaceId },
        body: { dailyLimits },
      });
      const parsed = accountSchema.safeParse(data);
      if (!parsed.success) throw new Error('The server’s answer about this sender has an unexpected shape.');
      return parsed.data;
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
