-- Saved inspirations (spec 4.3 / 2.6): input fields stored as given; timestamps stay text (format not shown).
CREATE TABLE inspirations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  text text NOT NULL,
  author text,
  url text,
  provider_id text,
  notes text,
  author_id text,
  author_url text,
  linkedin_account_id text,
  reactions integer,
  comments integer,
  reposts integer,
  observed_at text,
  published_at text,
  avatar_url text,
  media jsonb NOT NULL DEFAULT '[]',
  -- Millisecond precision: the API shows milliseconds and keyset cursors carry them exactly.
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX inspirations_page ON inspirations (workspace_id, created_at DESC, id DESC);
CREATE INDEX inspirations_search ON inspirations USING gin ((text || E'\n' || coalesce(author, '')) gin_trgm_ops);
