-- Contract 9.5 run stats without a GROUP BY over every enrollment: counters kept by statement-level
-- triggers (one grouped row per key and statement, so a batched engine statement costs one insert).
-- Append-only deltas (two engine processes never fight over one hot row); the read sums a campaign's
-- rows and folds them into one row per key now and then (run-view/run-counts.ts).

-- Enrollments per status, replied or not, and (active ones) the step they stand at.
CREATE TABLE run_enrollment_counts (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  status text NOT NULL,
  replied boolean NOT NULL,
  node_id text,
  n integer NOT NULL
);
CREATE INDEX run_enrollment_counts_campaign ON run_enrollment_counts (campaign_id);

-- Timeline rows per step, status and output.
CREATE TABLE run_step_counts (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  node_id text NOT NULL,
  status text NOT NULL,
  handle text,
  n integer NOT NULL
);
CREATE INDEX run_step_counts_campaign ON run_step_counts (campaign_id);

-- The counters' key of an enrollment row (one place for the triggers and the backfill).
CREATE FUNCTION run_replied(outcome text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT outcome IS NOT DISTINCT FROM 'replied'
$$;
CREATE FUNCTION run_standing_at(status text, current_node_id text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'active' THEN current_node_id END
$$;

-- Rows of a campaign being deleted in the same statement (cascade) write no delta: its counters go with it.
CREATE FUNCTION run_enrollment_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO run_enrollment_counts (campaign_id, status, replied, node_id, n)
    SELECT r.campaign_id, r.status, r.replied, r.node_id, count(*)
    FROM (SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id FROM new_rows) r
    JOIN campaigns c ON c.id = r.campaign_id
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO run_enrollment_counts (campaign_id, status, replied, node_id, n)
    SELECT r.campaign_id, r.status, r.replied, r.node_id, -count(*)
    FROM (SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id FROM old_rows) r
    JOIN campaigns c ON c.id = r.campaign_id
    GROUP BY 1, 2, 3, 4;
    -- Their timeline rows went by cascade before this runs, unseen by the step trigger: recount those campaigns' steps.
    WITH hit AS (SELECT DISTINCT o.campaign_id FROM old_rows o JOIN campaigns c ON c.id = o.campaign_id),
    gone AS (DELETE FROM run_step_counts s USING hit WHERE s.campaign_id = hit.campaign_id)
    INSERT INTO run_step_counts (campaign_id, node_id, status, handle, n)
    SELECT e.campaign_id, s.node_id, s.status, s.handle, count(*)
    FROM hit JOIN enrollments e ON e.campaign_id = hit.campaign_id JOIN enrollment_steps s ON s.enrollment_id = e.id
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO run_enrollment_counts (campaign_id, status, replied, node_id, n)
    SELECT r.campaign_id, r.status, r.replied, r.node_id, sum(r.n)
    FROM (
      SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id, 1 AS n FROM new_rows
      UNION ALL
      SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id, -1 AS n FROM old_rows
    ) r
    JOIN campaigns c ON c.id = r.campaign_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER run_enrollment_counts_insert AFTER INSERT ON enrollments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_enrollment_counts_delta();
CREATE TRIGGER run_enrollment_counts_update AFTER UPDATE ON enrollments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_enrollment_counts_delta();
CREATE TRIGGER run_enrollment_counts_delete AFTER DELETE ON enrollments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION run_enrollment_counts_delta();

-- Timeline rows carry no campaign: their enrollment names it (a row whose enrollment is gone is
-- counted by the enrollments' delete trigger above).
CREATE FUNCTION run_step_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO run_step_counts (campaign_id, node_id, status, handle, n)
    SELECT e.campaign_id, r.node_id, r.status, r.handle, count(*)
    FROM new_rows r JOIN enrollments e ON e.id = r.enrollment_id JOIN campaigns c ON c.id = e.campaign_id
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO run_step_counts (campaign_id, node_id, status, handle, n)
    SELECT e.campaign_id, r.node_id, r.status, r.handle, -count(*)
    FROM old_rows r JOIN enrollments e ON e.id = r.enrollment_id JOIN campaigns c ON c.id = e.campaign_id
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO run_step_counts (campaign_id, node_id, status, handle, n)
    SELECT e.campaign_id, r.node_id, r.status, r.handle, sum(r.n)
    FROM (
      SELECT enrollment_id, node_id, status, handle, 1 AS n FROM new_rows
      UNION ALL
      SELECT enrollment_id, node_id, status, handle, -1 AS n FROM old_rows
    ) r
    JOIN enrollments e ON e.id = r.enrollment_id JOIN campaigns c ON c.id = e.campaign_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER run_step_counts_insert AFTER INSERT ON enrollment_steps
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_step_counts_delta();
CREATE TRIGGER run_step_counts_update AFTER UPDATE ON enrollment_steps
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_step_counts_delta();
CREATE TRIGGER run_step_counts_delete AFTER DELETE ON enrollment_steps
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION run_step_counts_delta();

-- Backfill: the runs already in the database.
INSERT INTO run_enrollment_counts (campaign_id, status, replied, node_id, n)
SELECT r.campaign_id, r.status, r.replied, r.node_id, count(*)
FROM (SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id FROM enrollments) r
GROUP BY 1, 2, 3, 4;
INSERT INTO run_step_counts (campaign_id, node_id, status, handle, n)
SELECT e.campaign_id, s.node_id, s.status, s.handle, count(*)
FROM enrollments e JOIN enrollment_steps s ON s.enrollment_id = e.id
GROUP BY 1, 2, 3, 4;
