-- Inbox replies (actions without an enrollment) due to be offered, in due order: their claim reads
-- this index instead of every due action of every campaign (contract 9.4).
CREATE INDEX run_actions_replies_due ON run_actions (not_before) WHERE status = 'scheduled' AND enrollment_id IS NULL;
-- Enrollments waiting to start (contract 9.3): every pass of the run worker looks for them, so the
-- look reads only them, not every enrollment the campaigns ever had.
CREATE INDEX enrollments_waiting ON enrollments (campaign_id) WHERE status = 'waiting';
