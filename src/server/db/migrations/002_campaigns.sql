-- Campaigns and their saved graphs (spec 3.1, 4.1; contract 4).
-- Every graph a campaign ever had is a row of campaign_versions; campaigns.graph_version names the
-- current one, and the earlier ones are the saved-graph history. A save thus writes its graph once
-- (no copy of the replaced graph), which keeps a 500-node save fast.
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
  graph_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
  updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
);
-- list-campaigns: keyset pagination, newest updated_at first, ties by id.
CREATE INDEX campaigns_workspace_updated ON campaigns (workspace_id, updated_at DESC, id DESC);

-- Version N is the N-th graph of the campaign; saved_at is the campaign's updated_at when it was saved.
CREATE TABLE campaign_versions (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  version integer NOT NULL,
  workflow_definition text NOT NULL,
  saved_at timestamptz NOT NULL,
  node_count integer NOT NULL,
  edge_count integer NOT NULL,
  PRIMARY KEY (campaign_id, version)
);
