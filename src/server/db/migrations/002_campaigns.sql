-- Campaigns and their saved-graph history (spec 3.1, 4.1; contract 4).
-- workflow_definition is text, not jsonb: the graph is stored verbatim (extra properties and key
-- order kept, spec 2.3/2.4 "additional properties allowed") and parsed on read.
-- Timestamps are kept at millisecond precision so that `updated_at` round-trips exactly through
-- the ISO text of contract 4 (compared as instants by expectedUpdatedAt / inspectedUpdatedAt).
CREATE TABLE campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'paused', 'completed')),
  editing_mode text NOT NULL DEFAULT 'easy' CHECK (editing_mode IN ('easy', 'advanced')),
  sender_account_ids uuid[] NOT NULL DEFAULT '{}',
  workflow_definition text NOT NULL,
  node_count integer NOT NULL,
  edge_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);
-- list-campaigns: keyset pagination, newest updated_at first, ties by id.
CREATE INDEX campaigns_workspace_updated ON campaigns (workspace_id, updated_at DESC, id DESC);

-- Every successful save keeps the graph it replaced: version N is the N-th graph the campaign had,
-- saved_at is when that graph had been saved (the campaign's updated_at at that time).
CREATE TABLE campaign_versions (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  version integer NOT NULL,
  workflow_definition text NOT NULL,
  saved_at timestamptz NOT NULL,
  node_count integer NOT NULL,
  edge_count integer NOT NULL,
  PRIMARY KEY (campaign_id, version)
);
