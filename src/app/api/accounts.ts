import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountListSchema, accountSchema, type Account, type Channel } from '../../domain/contract/conversations';
import type { PatchAccountBody } from '../../domain/contract/accounts';
import { useSession } from '../session';
import { apiCall } from './http';

export type { Account, Channel };
export { CHANNEL_LABEL } from '../../domain/channels';

/** The workspace's accounts (with their unread conversation counts); cached for half a minute. */
export function useAccounts() {
  const workspaceId = useSession((s) => s.workspaceId);
  return useQuery({
    queryKey: ['accounts', workspaceId],
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await apiCall(accountListSchema, '/api/messaging/accounts', { signal })).data.items,
  });
}

/** Contract 9.3, 10.2: a sender's limits, time zone and warm-up (the fields and kinds given replace theirs); answers the account. */
export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, ...body }: { accountId: string } & PatchAccountBody) =>
      (await apiCall(accountSchema, `/api/messaging/accounts/${accountId}`, { method: 'PATCH', workspace: 'query', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
