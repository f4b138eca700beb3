import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '../api/prospects';
import { setSearchParams, useLocation } from '../router';

/** The audience page's filters and open prospect, kept in the URL (shareable, Back-able). */
export interface AudienceView {
  search: string;
  campaignId: string | null;
  status: EnrollmentStatus | null;
  prospectId: string | null;
  /** Choosing prospects to add to this campaign (opened from the campaign editor). */
  addTo: string | null;
}

export function viewFromParams(params: URLSearchParams): AudienceView {
  const status = params.get('status');
  const campaignId = params.get('campaign');
  return {
    search: params.get('q') ?? '',
    campaignId,
    status: (ENROLLMENT_STATUSES as readonly string[]).includes(status ?? '') ? (status as EnrollmentStatus) : null,
    prospectId: params.get('prospect'),
    addTo: params.get('addTo'),
  };
}

export function useAudienceView(): [AudienceView, (change: Partial<AudienceView>, push?: boolean) => void] {
  const { search } = useLocation();
  const view = viewFromParams(search);
  const update = (change: Partial<AudienceView>, push = false) => {
    const next = { ...view, ...change };
    setSearchParams(
      {
        q: next.search,
        campaign: next.campaignId,
        status: next.status,
        prospect: next.prospectId,
        addTo: next.addTo,
      },
      { push },
    );
  };
  return [view, update];
}
