-- The run engine made plain and correct (issues 33 and 34): what 022 should have created, one name
-- for a lease, the one clock (contract 10) and the run.progress throttle in the database.

-- Issue 33 item 12: 022 was changed after it was merged, so a database migrated in between lacks
-- what it created later. A merged migration is never edited: this one creates what is missing.
CREATE INDEX IF NOT EXISTS enrollments_waiting ON enrollments (campaign_id) WHERE status = 'waiting';
-- 022's other index (inbox replies due) is no longer read: one claim reads replies and campaign
-- actions together through run_actions_due.
DROP INDEX IF EXISTS run_actions_replies_due;

-- A lease is `locked_until` on every leased table (webhook_deliveries, run_actions): one name.
ALTER TABLE run_actions RENAME COLUMN lease_until TO locked_until;
DROP INDEX run_actions_leased;
CREATE INDEX run_actions_leased ON run_actions (locked_until) WHERE status = 'offered';

-- Contract 10 "one clock": the database's now(), shifted by an offset only tests set (one row at most).
CREATE TABLE clock_offset (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  offset_ms double precision NOT NULL
);
CREATE FUNCTION clock_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + make_interval(secs => coalesce((SELECT offset_ms FROM clock_offset), 0) / 1000)
$$;

-- Contract 9.5 run.progress: when each campaign's last notice was sent, written in the transaction
-- that moved it (a rolled-back transaction leaves no trace), so every process keeps one a second.
CREATE TABLE run_progress_notices (
  campaign_id uuid PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
  noticed_at timestamptz NOT NULL
);
