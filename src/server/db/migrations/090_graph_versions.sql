-- Contract 10.4: timeline items and enrollments carry the graph version. An enrollment moves on the
-- version in `graph_version` (null until it starts: it then takes its campaign's launched version);
-- each timeline row records the version it was written under, so results can be split by the
-- version of a step's text (contract 10.1) once a running campaign's graph can change.
ALTER TABLE enrollments ADD COLUMN IF NOT EXISTS graph_version integer;
ALTER TABLE enrollment_steps ADD COLUMN IF NOT EXISTS version integer;

-- Until now every enrollment of a launched campaign moved on its launched version.
UPDATE enrollments e SET graph_version = c.launched_version
FROM campaigns c WHERE c.id = e.campaign_id AND e.graph_version IS NULL AND c.launched_version IS NOT NULL;
UPDATE enrollment_steps s SET version = e.graph_version
FROM enrollments e WHERE e.id = s.enrollment_id AND s.version IS NULL AND e.graph_version IS NOT NULL;
