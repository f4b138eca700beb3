import { useMemo } from 'react';
import { useCampaign, useCampaignList } from '../api/campaigns';
import type { ConversationFilters } from '../api/conversations';
import { stepLabel } from './step-label';

/** Contract 8.2 campaign filter: a campaign of the workspace, and the step when one is chosen (from the canvas or a thread). */
export function CampaignPicker({
  campaignId,
  nodeId,
  onChange,
}: {
  campaignId: string;
  nodeId: string;
  onChange(patch: Partial<ConversationFilters>): void;
}) {
  const list = useCampaignList();
  const campaigns = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  // The full record of the chosen campaign: the step's label needs the graph (the list carries summaries).
  const current = useCampaign(campaignId).data;
  const step = current && nodeId ? stepLabel(current.workflow_definition, nodeId) : nodeId;
  return (
    <>
      <label>
        <span className="visually-hidden">Campaign</span>
        <select className="input input-sm" value={campaignId} onChange={(e) => onChange({ campaignId: e.target.value, nodeId: '' })}>
          <option value="">All campaigns</option>
          {campaignId && !current && <option value={campaignId}>This campaign</option>}
          {campaigns.map((c) => (
            <option key={c.campaignId} value={c.campaignId}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {campaignId && nodeId && (
        <span className="chip">
          Step: {step}
          <button
            type="button"
            className="chip-remove"
            aria-label={`Show every step of the campaign, not only ${step}`}
            onClick={() => onChange({ nodeId: '' })}
          >
            ×
          </button>
        </span>
      )}
    </>
  );
}
