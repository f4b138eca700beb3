-- Contract 10.3: the workspace's do-not-contact list, and the enrollment outcome `excluded` (an
-- enrolled prospect who became excluded ends before their next action).

-- The key an entry names people by: its kind and stored value, a company's lower-cased (matched
-- case-insensitively); the same kind and value again is the same entry.
CREATE FUNCTION exclusion_key(kind text, value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT kind || ':' || CASE WHEN kind = 'company' THEN lower(value) ELSE value END
$$;

CREATE TABLE exclusions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('profile', 'company', 'domain')),
  value text NOT NULL,
  reason text NOT NULL,
  created_by text NOT NULL CHECK (created_by IN ('studio', 'agent', 'import')),
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  match_key text GENERATED ALWAYS AS (exclusion_key(kind, value)) STORED,
  UNIQUE (workspace_id, match_key)
);
-- The list: newest first, ties by id (keyset pagination).
CREATE INDEX exclusions_workspace_created ON exclusions (workspace_id, created_at DESC, id DESC);

-- The keys a prospect is named by (audience/exclusions.ts matches them with the unique index): its
-- profile URL, its company (trimmed) and its e-mail domain with every parent (eu.acme.com and acme.com).
CREATE FUNCTION exclusion_keys(profile_url text, company text, email text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[exclusion_key('profile', profile_url), exclusion_key('company', btrim(company))], NULL)
      || coalesce((
           SELECT array_agg(exclusion_key('domain', array_to_string(d.labels[i:], '.')) ORDER BY i)
           FROM (SELECT string_to_array(lower(substring(email FROM '@([^@]+)$')), '.') AS labels) d,
                generate_series(1, coalesce(cardinality(d.labels), 0)) AS i
         ), '{}')
$$;

ALTER TABLE enrollments DROP CONSTRAINT enrollments_outcome_check;
ALTER TABLE enrollments ADD CONSTRAINT enrollments_outcome_check
  CHECK (outcome IN ('replied', 'finished', 'not_qualified', 'condition_not_met', 'stopped', 'failed', 'excluded'));
