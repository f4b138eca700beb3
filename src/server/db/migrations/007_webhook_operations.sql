-- Webhook operations (contract 8.3): endpoint status, secret rotation, held deliveries, attempt log, recover keys.
ALTER TABLE webhook_endpoints ADD COLUMN status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled'));
ALTER TABLE webhook_endpoints ADD COLUMN disabled_reason text CHECK (disabled_reason IN ('manual', 'gone', 'failing'));
-- First failed attempt since the last success: disabled ("failing") once older than WEBHOOK_DISABLE_AFTER_HOURS.
ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz;
-- The secret before the last rotation still signs (second signature) until previous_secret_expires_at.
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret text;
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_expires_at timestamptz;

ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
  CHECK (status IN ('pending', 'delivered', 'exhausted', 'held'));
-- Set when a held delivery is released: released ones of one endpoint are first attempted one at a time, oldest first.
ALTER TABLE webhook_deliveries ADD COLUMN released_at timestamptz;
CREATE INDEX webhook_deliveries_endpoint_status ON webhook_deliveries (endpoint_id, status, created_at, id);

-- Every attempt as the receiver answered it (the delivery detail view).
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  status integer,
  duration_ms integer NOT NULL,
  response_body_excerpt text NOT NULL DEFAULT '',
  error text
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

-- Recover answers by idempotency key (scoped to the workspace, kept like redeliver keys).
CREATE TABLE webhook_recoveries (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  key text NOT NULL,
  endpoint_id uuid NOT NULL,
  request jsonb NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, key)
);
CREATE INDEX webhook_recoveries_age ON webhook_recoveries (created_at);
