-- Archiving a campaign takes it out of the everyday list without deleting its graph or its run:
-- archived_at is when it was archived, null while it is not. list-campaigns shows one side or the other.
ALTER TABLE campaigns ADD COLUMN archived_at timestamptz;

-- The default list (not archived) and the archive keep the keyset order of campaigns_workspace_updated.
CREATE INDEX campaigns_workspace_archived_updated ON campaigns (workspace_id, (archived_at IS NOT NULL), updated_at DESC, id DESC);
