import { hrefs } from '../boot/paths';
import { useMemo, useState } from 'react';
import { ENROLLMENT_STATUSES, useProspects, type EnrollmentStatus, type ProspectFilters } from '../api/prospects';
import { Link } from '../router';
import { formatCount } from '../ui/format';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/StateViews';
import { useDebouncedField } from '../ui/useDebounced';
import { BulkActions } from './BulkActions';
import { CampaignSelect, useCampaignOptions } from './CampaignSelect';
import { ENROLLMENT_STATUS_LABEL } from '../ui/enrollment-status';
import { plural } from './labels';
import { ProspectDetail } from './ProspectDetail';
import { ProspectList, type AudienceRow } from './ProspectList';
import { useAudienceView } from './url-state';

const detailOf = (p: { headline: string | null; company: string | null }) => [p.headline, p.company].filter(Boolean).join(' · ');

/** The rows of the list: the audience, searched, by campaign and enrollment status. */
function useRows(filters: ProspectFilters) {
  const query = useProspects(filters);
  const rows = useMemo<AudienceRow[]>(
    () =>
      (query.data?.pages ?? []).flatMap((p) =>
        p.items.map((x) => ({ prospectId: x.prospectId, name: x.name, profileUrl: x.profileUrl, detail: detailOf(x) })),
      ),
    [query.data],
  );
  return { query, rows };
}

/** /audience: every prospect of the workspace, filtered, with the open one's detail beside the list. */
export function AudienceBrowser() {
  const [view, setView] = useAudienceView();
  const [draft, setDraft] = useDebouncedField(view.search, (search) => setView({ search }));
  const { query, rows } = useRows({ search: view.search, campaignId: view.campaignId, status: view.status });
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const campaigns = useCampaignOptions();
  const addToName = campaigns.find((c) => c.campaignId === view.addTo)?.name;
  const toggle = (id: string) =>
    setChecked((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const open = (prospectId: string | null) => setView({ prospectId }, true);
  const filtered = Boolean(view.search || view.campaignId || view.status);
  const total = query.data?.pages[0]?.total;
  return (
    <main className={`feature-page feature-page-full audience${view.prospectId ? ' has-detail' : ''}`} aria-labelledby="audience-title">
      <div className="audience-head">
        <h1 id="audience-title" className="audience-title">
          Audience
          {total && (
            <span className="audience-total muted">
              {filtered
                ? `${formatCount(total.count)}${total.more ? '+' : ''} ${total.count === 1 && !total.more ? 'matches' : 'match'}`
                : plural(total.count, `${formatCount(total.count)}${total.more ? '+' : ''}`, 'prospect')}
            </span>
          )}
        </h1>
        <Link to={hrefs.doNotContact()} className="btn btn-sm btn-ghost">
          Do not contact
        </Link>
        <Link to={hrefs.audienceImport({ addTo: view.addTo ?? undefined })} className="btn btn-sm btn-primary">
          Import a CSV
        </Link>
      </div>
      {view.addTo && checked.size === 0 && (
        <div className="audience-addto" role="region" aria-label="Add prospects to a campaign">
          <p>
            Choose who to add to <strong>{addToName ? `“${addToName}”` : 'the campaign'}</strong>: tick them in the list.
          </p>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setChecked(new Set(rows.map((r) => r.prospectId)))}>
            Choose all {formatCount(rows.length)} shown
          </button>
        </div>
      )}
      {checked.size > 0 && (
        <BulkActions
          chosen={[...checked]}
          shown={rows.length}
          campaignId={view.addTo}
          onChooseAll={() => setChecked(new Set(rows.map((r) => r.prospectId)))}
          onClear={() => setChecked(new Set())}
        />
      )}
      <div className="audience-body">
        <section className="audience-list-col" aria-label="Prospects">
          <div className="audience-filters">
            <label className="audience-search">
              <span className="visually-hidden">Search prospects</span>
              <input
                className="input input-sm"
                type="search"
                placeholder="Search name, headline, company or profile"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
            </label>
            <CampaignSelect label="Campaign" value={view.campaignId} onChange={(campaignId) => setView({ campaignId })} none="Everyone" />
            <label className="audience-status">
              <span className="campaign-select-label">Status</span>
              <select
                className="input input-sm"
                value={view.status ?? ''}
                onChange={(e) => setView({ status: (e.target.value || null) as EnrollmentStatus | null })}
              >
                <option value="">Any status</option>
                {ENROLLMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ENROLLMENT_STATUS_LABEL[s]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {query.isPending ? (
            <SkeletonRows label="Loading prospects" />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} what="your audience" />
          ) : rows.length === 0 ? (
            <EmptyState title={filtered ? 'No prospect matches these filters.' : 'Your audience is empty.'}>
              {!filtered && (
                <p>
                  Import a CSV of LinkedIn profiles to start: <Link to={hrefs.audienceImport()}>Import a CSV</Link>.
                </p>
              )}
            </EmptyState>
          ) : (
            <ProspectList
              rows={rows}
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={() => void query.fetchNextPage()}
              openId={view.prospectId}
              checkedIds={checked}
              onOpen={open}
              onCheck={toggle}
            />
          )}
        </section>
        <section className="audience-detail-col" aria-label="Prospect">
          {view.prospectId ? (
            <ProspectDetail key={view.prospectId} prospectId={view.prospectId} onClose={() => open(null)} />
          ) : (
            <EmptyState title="Choose a prospect to see their fields and campaigns." />
          )}
        </section>
      </div>
    </main>
  );
}
