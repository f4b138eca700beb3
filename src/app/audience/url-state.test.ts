// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { viewFromParams } from './url-state';

describe('viewFromParams', () => {
  it('reads the filters, the open prospect and the campaign being filled', () => {
    expect(viewFromParams(new URLSearchParams('q=ada&campaign=c1&status=active&prospect=p1&addTo=c2'))).toEqual({
      search: 'ada',
      campaignId: 'c1',
      status: 'active',
      prospectId: 'p1',
      addTo: 'c2',
    });
  });
  it('keeps a status without a campaign (in any campaign), drops an unknown status', () => {
    expect(viewFromParams(new URLSearchParams('status=active')).status).toBe('active');
    expect(viewFromParams(new URLSearchParams('campaign=c1&status=sleeping')).status).toBeNull();
  });
});
