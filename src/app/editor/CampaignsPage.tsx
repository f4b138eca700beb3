import { useState } from 'react';
import { hrefs } from '../boot/paths';
import { CAMPAIGN_STATUSES, campaignStatusSchema, type CampaignStatus } from '../../domain/contract/campaigns';
import { useCampaignList } from '../api/campaigns';
import { Link, setSearchParams, useLocation } from '../router';
import { CampaignStatusBadge } from '../ui/CampaignStatusBadge';
import { CAMPAIGN_STATUS_LABEL } from '../ui/campaign-status';
import { RelativeTime } from '../ui/Time';
import { formatCount, formatPercent } from '../ui/format';
import { CampaignActions, usePendingDeletes } from './campaigns/CampaignActions';
import { CreateCampaignDialog } from './campaigns/CreateCampaignDialog';
import './campaigns/campaigns.css';

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2, 3].map((i) => (
        <tr key={i} aria-hidden="true">
          <td colSpan={9}>
            <div className="skeleton skeleton-row" />
          </td>
        </tr>
      ))}
    </>
  );
}

function emptyListText(status: CampaignStatus | undefined, archived: boolean): string {
  const which = status ? ` ${CAMPAIGN_STATUS_LABEL[status].toLowerCase()}` : '';
  if (archived) return `No${which} campaigns are archived.`;
  return status ? `No campaigns are${which}.` : 'No campaigns yet.';
}

/** Home: the workspace's campaigns (name, status, steps, last saved, actions) and "New campaign"; `?archived=1` shows the archive. */
export default function CampaignsPage() {
  const { search } = useLocation();
  const status = campaignStatusSchema.safeParse(search.get('status')).data;
  const archived = search.get('archived') === '1';
  const list = useCampaignList(status, archived);
  const [creating, setCreating] = useState(false);
  const deleting = usePendingDeletes((s) => s.ids);
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((c) => !deleting.has(c.campaignId));

  return (
    <main className="page campaigns-page" aria-labelledby="campaigns-title">
      <header className="campaigns-head">
        <h1 id="campaigns-title">{archived ? 'Archived campaigns' : 'Campaigns'}</h1>
        <button
          type="button"
          className="btn btn-ghost"
          aria-pressed={archived}
          onClick={() => setSearchParams({ archived: archived ? null : '1' }, { push: true })}
        >
          {archived ? 'Back to campaigns' : 'Show archived'}
        </button>
        <label className="campaigns-filter">
          <span className="visually-hidden">Status</span>
          <select className="input input-sm" value={status ?? ''} onChange={(e) => setSearchParams({ status: e.target.value || null })}>
            <option value="">All statuses</option>
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CAMPAIGN_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New campaign
        </button>
      </header>
      {list.error ? (
        <div className="card" role="alert">
          <p>The campaigns could not be loaded: {list.error.message}</p>
          <button type="button" className="btn" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="card campaigns-card">
          <table className="table campaigns-table" aria-busy={list.isPending}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Steps</th>
                <th scope="col" className="campaigns-num">
                  Prospects
                </th>
                <th scope="col" className="campaigns-num">
                  Contacted
                </th>
                <th scope="col" className="campaigns-num">
                  Accepted
                </th>
                <th scope="col" className="campaigns-num">
                  Replied
                </th>
                <th scope="col">Last saved</th>
                <th scope="col" className="campaigns-actions-col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && <SkeletonRows />}
              {items.map((c) => (
                <tr key={c.campaignId}>
                  <td>
                    <Link to={hrefs.editor(c.campaignId)} className="campaign-link">
                      {c.name}
                    </Link>
                  </td>
                  <td>
                    <CampaignStatusBadge status={c.status} />
                  </td>
                  <td>{c.workflow_definition.nodeCount}</td>
                  <td className="campaigns-num">{formatCount(c.stats.prospects)}</td>
                  <td className="campaigns-num">{formatCount(c.stats.contacted)}</td>
                  <td className="campaigns-num">{formatCount(c.stats.accepted)}</td>
                  <td className="campaigns-num">
                    {formatCount(c.stats.replied)}
                    {c.stats.contacted > 0 && <span className="muted"> · {formatPercent(c.stats.replyRate)}</span>}
                  </td>
                  <td>
                    <RelativeTime iso={c.updated_at} />
                  </td>
                  <td>
                    <CampaignActions campaign={c} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!list.isPending && items.length === 0 && (
            <div className="campaigns-empty">
              <p>{emptyListText(status, archived)}</p>
              {!status && !archived && (
                <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                  Create your first campaign
                </button>
              )}
            </div>
          )}
          {list.hasNextPage && (
            <div className="campaigns-more">
              <button type="button" className="btn" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </div>
      )}
      {creating && <CreateCampaignDialog onClose={() => setCreating(false)} />}
    </main>
  );
}
