import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationRepliesSchema, replyAcceptedSchema, type ConversationReplies } from '../../domain/contract/conversations';
import { useSession } from '../session';
import { apiCall } from './http';

/** Contract 9.4 replying from the inbox: the thread's replies (sending / sent / failed) and sending one. */

export type SentReply = ConversationReplies['items'][number];

const repliesKey = (workspaceId: string | null, conversationId: string) => ['conversation-replies', workspaceId, conversationId] as const;

/** While a reply is sending, it is looked at again every second until the executor decides it. */
const SENDING_POLL_MS = 1000;

export function useReplies(conversationId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  const qc = useQueryClient();
  return useQuery({
    queryKey: repliesKey(workspaceId, conversationId),
    queryFn: async ({ signal }) => {
      const before = qc.getQueryData<ConversationReplies>(repliesKey(workspaceId, conversationId));
      const replies = (await apiCall(conversationRepliesSchema, `/api/messaging/conversations/${conversationId}/replies`, { signal })).data;
      // A reply just sent is now a message of the thread: the thread, its header (the reply state) and the lists
      // read it — also one the sender sent before this box saw it sending (the first read of a thread reads its
      // messages anyway).
      const sentNow =
        before !== undefined &&
        replies.items.some((r) => r.status === 'sent' && before.items.find((b) => b.actionId === r.actionId)?.status !== 'sent');
      if (sentNow) {
        void qc.invalidateQueries({ queryKey: ['messages', workspaceId, conversationId] });
        void qc.invalidateQueries({ queryKey: ['conversation', workspaceId, conversationId] });
        void qc.invalidateQueries({ queryKey: ['conversations'] });
      }
      return replies;
    },
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status === 'sending') ? SENDING_POLL_MS : false),
  });
}

/** POST /api/messaging/conversations/{id}/messages → 202 {actionId}; the replies are read again. */
export function useSendReply(conversationId: string) {
  const workspaceId = useSession((s) => s.workspaceId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (
        await apiCall(replyAcceptedSchema, `/api/messaging/conversations/${conversationId}/messages`, {
          method: 'POST',
          workspace: 'query',
          body: { text },
        })
      ).data,
    onSettled: () => qc.invalidateQueries({ queryKey: repliesKey(workspaceId, conversationId) }),
  });
}
