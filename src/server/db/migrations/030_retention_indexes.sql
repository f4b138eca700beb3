-- Contract 10.5 retention: each prunable table is read oldest first by an index on its age, so a
-- batch of 1,000 reads 1,000 rows whatever the table's size; the foreign keys a delete checks
-- (an event's deliveries, a delivery's redeliveries) are indexed, or every deleted row would scan
-- the whole referencing table.
CREATE INDEX webhook_deliveries_age ON webhook_deliveries (created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_redelivery ON webhook_deliveries (redelivery_of) WHERE redelivery_of IS NOT NULL;
CREATE INDEX events_age ON events (created_at);
-- Decided actions by when they were decided (finished_at; the claim's rows never carry it).
CREATE INDEX run_actions_decided_age ON run_actions ((coalesce(finished_at, created_at)))
  WHERE status IN ('done', 'failed', 'cancelled');
CREATE INDEX sandbox_actions_age ON sandbox_actions (first_offered_at);
CREATE INDEX sandbox_events_delivered_age ON sandbox_events (delivered_at) WHERE delivered_at IS NOT NULL;
