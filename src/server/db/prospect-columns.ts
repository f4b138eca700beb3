import type { CustomFields } from '../../domain/contract/prospects';
import { jsonColumn } from './json';

/**
 * A prospect's fields as stored (011_audience.sql), as every query that renders a message or checks
 * a condition for a prospect reads them: one row shape and one way to the domain's prospect.
 */
export interface ProspectColumns {
  profile_url: string;
  name: string | null;
  headline: string | null;
  company: string | null;
  email: string | null;
  time_zone: string | null;
  custom_fields: CustomFields | string;
}

/** The SELECT list of those columns on alias `p`. */
export const PROSPECT_COLUMNS = 'p.profile_url, p.name, p.headline, p.company, p.email, p.time_zone, p.custom_fields';

/** The prospect as the domain reads it (placeholders, conditions, a simulation's sample). */
export const prospectFields = (r: ProspectColumns) => ({
  profileUrl: r.profile_url,
  name: r.name,
  headline: r.headline,
  company: r.company,
  email: r.email,
  timeZone: r.time_zone,
  customFields: jsonColumn(r.custom_fields) ?? {},
});
