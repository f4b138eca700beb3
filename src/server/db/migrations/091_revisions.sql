-- Contract 10.4: a revision is a draft campaign record tied to the running campaign it changes.
-- At most one open per campaign; it goes with its parent. Publishing it deletes it.
ALTER TABLE campaigns ADD COLUMN IF NOT EXISTS revision_of uuid REFERENCES campaigns(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX IF NOT EXISTS campaigns_one_open_revision ON campaigns (revision_of) WHERE revision_of IS NOT NULL;

-- An enrollment whose campaign was revised while it was under way: its next steps are checked against
-- its timeline (a step already done, or a text already sent, is passed, never done again).
ALTER TABLE enrollments ADD COLUMN IF NOT EXISTS revised boolean NOT NULL DEFAULT false;

-- Contract 10.1 rows per version of a step's text: for each step of a published graph, the version its
-- text dates from (null on a version never published over another: every step's text is its own).
ALTER TABLE campaign_versions ADD COLUMN IF NOT EXISTS text_versions jsonb;
