-- Inbox replies (actions without an enrollment) due to be offered, in due order: their claim reads
-- this index instead of every due action of every campaign (contract 9.4).
CREATE INDEX run_actions_replies_due ON run_actions (not_before) WHERE status = 'scheduled' AND enrollment_id IS NULL;
