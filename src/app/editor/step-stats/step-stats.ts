import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { hrefs } from '../../boot/paths';

/** Whether the canvas shows each sending step's conversation counts (the toolbar switch); remembered per browser. */
export const useStepStatsShown = create<{ shown: boolean; toggle(): void }>()(
  persist((set) => ({ shown: false, toggle: () => set((s) => ({ shown: !s.shown })) }), { name: 'campaign-studio.editor.step-stats' }),
);

/** The inbox filtered to one step of a campaign (contract 8.2 list filters, kept in the inbox URL). */
export const inboxStepHref = (campaignId: string, nodeId: string): string => hrefs.inbox({ campaign: campaignId, step: nodeId });

/** "12 conversations, 5 replied, 2 need a reply" — the badge's full sentence for screen readers and the tooltip. */
export function statsSentence(s: { conversations: number; replied: number; needToReply: number }): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${plural(s.conversations, 'conversation', 'conversations')}, ${s.replied} replied, ${plural(s.needToReply, 'needs', 'need')} a reply`;
}
