import { useId } from 'react';
import { useCampaignList } from '../api/campaigns';
import type { CampaignSummary } from '../../domain/contract/campaigns';

/** The workspace's campaigns (first page, newest first), optionally only those that still take prospects. */
export function useCampaignOptions(onlyOpen = false): CampaignSummary[] {
  const { data } = useCampaignList();
  const all = data?.pages.flatMap((p) => p.items) ?? [];
  // Contract 9.2: a completed campaign refuses new prospects.
  return onlyOpen ? all.filter((c) => c.status !== 'completed') : all;
}

/** A labelled campaign chooser; `none` is the label of the empty choice. */
export function CampaignSelect({
  label,
  value,
  onChange,
  none,
  onlyOpen,
  className,
}: {
  label: string;
  value: string | null;
  onChange(campaignId: string | null): void;
  none: string;
  onlyOpen?: boolean;
  className?: string;
}) {
  const id = useId();
  const campaigns = useCampaignOptions(onlyOpen);
  return (
    <span className={`campaign-select ${className ?? ''}`}>
      <label htmlFor={id} className="campaign-select-label">
        {label}
      </label>
      <select id={id} className="input input-sm" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{none}</option>
        {campaigns.map((c) => (
          <option key={c.campaignId} value={c.campaignId}>
            {c.name}
          </option>
        ))}
      </select>
    </span>
  );
}
