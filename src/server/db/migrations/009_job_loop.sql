-- The job loop's claim (jobs/lease.ts) on webhook deliveries: each endpoint's due rows in claim order,
-- the leased rows per endpoint (only those in flight), and the released rows not yet attempted.
DROP INDEX webhook_deliveries_due;
DROP INDEX webhook_deliveries_claim;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at, created_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (endpoint_id) WHERE locked_until IS NOT NULL;
CREATE INDEX webhook_deliveries_released ON webhook_deliveries (endpoint_id, created_at, id)
  WHERE status = 'pending' AND released_at IS NOT NULL;
