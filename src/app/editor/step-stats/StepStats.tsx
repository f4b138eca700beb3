import { isSend } from '../../../domain/catalog';
import { useStepStats } from '../../api/conversations';
import { Link } from '../../router';
import { useEditorStore } from '../store';
import { inboxStepHref, statsSentence, useStepStatsShown } from './step-stats';
import './step-stats.css';

/** Toolbar switch: show or hide the conversation counts on the sending steps. */
export function StepStatsToggle() {
  const { shown, toggle } = useStepStatsShown();
  return (
    <button
      type="button"
      className="btn btn-sm step-stats-toggle"
      aria-pressed={shown}
      onClick={toggle}
      title="Conversations per sending step"
      aria-label="Replies per step"
    >
      Replies<span className="toolbar-label"> per step</span>
    </button>
  );
}

/**
 * Contract 8.2 counts of one sending step (conversations · replied · need to reply), above the node;
 * a click opens the inbox filtered to that step. One step-stats request serves every node (shared query).
 */
export function StepStatsBadge({ nodeId, type }: { nodeId: string; type: string }) {
  const shown = useStepStatsShown((s) => s.shown);
  // Hidden (the default), a step subscribes to nothing else: 500 query observers cost a large campaign's first view.
  return shown && isSend(type) ? <ShownStepStats nodeId={nodeId} /> : null;
}

function ShownStepStats({ nodeId }: { nodeId: string }) {
  const campaignId = useEditorStore((s) => s.campaign?.campaignId ?? null);
  const { data } = useStepStats(campaignId);
  if (!campaignId || !data) return null;
  const stats = data.find((s) => s.nodeId === nodeId) ?? { conversations: 0, replied: 0, needToReply: 0 };
  const sentence = statsSentence(stats);
  return (
    <Link
      to={inboxStepHref(campaignId, nodeId)}
      className="step-stats-badge nodrag nopan"
      title={`${sentence} — open them in the inbox`}
      aria-label={`${sentence}. Open them in the inbox`}
      data-testid={`step-stats-${nodeId}`}
    >
      <span>{stats.conversations}</span>
      <span className="step-stats-sep">·</span>
      <span className="step-stats-replied">{stats.replied} replied</span>
      {stats.needToReply > 0 && <span className="step-stats-need">{stats.needToReply} to reply</span>}
    </Link>
  );
}
