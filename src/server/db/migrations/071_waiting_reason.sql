-- Contract 10.2 `waitingReason`: why an enrollment is not moving now, stored by the engine at every
-- move (runs/waiting.ts decides it; a campaign's paused / not-started status is overlaid when read),
-- and counted per campaign, step and reason by statement-level triggers like 018's counters (the run
-- view's `waiting` per step is read from them, never from a scan).
ALTER TABLE enrollments ADD COLUMN waiting_reason text DEFAULT 'not_started' CHECK (waiting_reason IN (
  'paused', 'sender_removed', 'executor', 'window_closed', 'weekly_limit', 'daily_limit', 'warm_up', 'spacing',
  'waiting_for_acceptance', 'waiting_for_reply', 'waiting_for_event', 'delay', 'not_started'));

-- What the rows already there say, as the engine would have stored it.
UPDATE enrollments e SET waiting_reason = CASE
    WHEN e.status = 'waiting' THEN 'not_started'
    WHEN e.phase = 'wait' AND e.wait_events::text LIKE '%invitation_accepted%' THEN 'waiting_for_acceptance'
    WHEN e.phase = 'wait' AND e.wait_events::text LIKE '%message_received%' THEN 'waiting_for_reply'
    WHEN e.phase = 'wait' AND jsonb_array_length(coalesce(e.wait_events, '[]')) > 0 THEN 'waiting_for_event'
    WHEN e.phase = 'wait' THEN 'delay'
    WHEN e.phase = 'act' AND e.next_step_at IS NULL AND e.error IS NOT NULL THEN 'sender_removed'
    WHEN e.phase = 'act' AND e.next_step_at IS NULL THEN 'executor'
    WHEN e.phase = 'act' THEN 'window_closed'
  END
WHERE e.status = 'waiting' OR (e.status = 'active' AND (e.phase <> 'enter' OR e.next_step_at IS NULL));

CREATE TABLE run_waiting_counts (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  node_id text NOT NULL,
  reason text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX run_waiting_counts_campaign ON run_waiting_counts (campaign_id);

-- An enrollment counts while it stands at a step and waits for a reason.
CREATE FUNCTION run_waiting_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO run_waiting_counts (campaign_id, node_id, reason, n)
  SELECT r.campaign_id, r.node_id, r.reason, sum(r.n)
  FROM (
    SELECT campaign_id, current_node_id AS node_id, waiting_reason AS reason, 1 AS n FROM new_rows
    WHERE status = 'active' AND waiting_reason IS NOT NULL AND current_node_id IS NOT NULL
    UNION ALL
    SELECT campaign_id, current_node_id, waiting_reason, -1 FROM old_rows
    WHERE status = 'active' AND waiting_reason IS NOT NULL AND current_node_id IS NOT NULL
  ) r
  JOIN campaigns c ON c.id = r.campaign_id
  GROUP BY 1, 2, 3
  HAVING sum(r.n) <> 0;
  RETURN NULL;
END
$$;

-- Transition tables must exist for every operation the function reads: one function per event.
CREATE FUNCTION run_waiting_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO run_waiting_counts (campaign_id, node_id, reason, n)
  SELECT r.campaign_id, r.current_node_id, r.waiting_reason, count(*) FROM new_rows r JOIN campaigns c ON c.id = r.campaign_id
  WHERE r.status = 'active' AND r.waiting_reason IS NOT NULL AND r.current_node_id IS NOT NULL GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
CREATE FUNCTION run_waiting_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO run_waiting_counts (campaign_id, node_id, reason, n)
  SELECT r.campaign_id, r.current_node_id, r.waiting_reason, -count(*) FROM old_rows r JOIN campaigns c ON c.id = r.campaign_id
  WHERE r.status = 'active' AND r.waiting_reason IS NOT NULL AND r.current_node_id IS NOT NULL GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;

CREATE TRIGGER run_waiting_counts_insert AFTER INSERT ON enrollments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_waiting_counts_insert();
CREATE TRIGGER run_waiting_counts_update AFTER UPDATE ON enrollments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_waiting_counts_delta();
CREATE TRIGGER run_waiting_counts_delete AFTER DELETE ON enrollments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION run_waiting_counts_delete();

INSERT INTO run_waiting_counts (campaign_id, node_id, reason, n)
SELECT campaign_id, current_node_id, waiting_reason, count(*) FROM enrollments
WHERE status = 'active' AND waiting_reason IS NOT NULL AND current_node_id IS NOT NULL GROUP BY 1, 2, 3;
