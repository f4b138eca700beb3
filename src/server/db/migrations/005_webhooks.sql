-- Webhook delivery extras (contract 6): what the last attempt saw, and redeliver idempotency keys.
ALTER TABLE webhook_deliveries ADD COLUMN last_attempt_at timestamptz;
-- Millisecond precision: the API shows milliseconds and keyset cursors carry them exactly.
ALTER TABLE webhook_deliveries ALTER COLUMN created_at SET DEFAULT date_trunc('milliseconds', now());
ALTER TABLE webhook_endpoints ALTER COLUMN created_at SET DEFAULT date_trunc('milliseconds', now());
ALTER TABLE webhook_deliveries ADD COLUMN last_error text;
CREATE INDEX webhook_deliveries_claim ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_endpoints_page ON webhook_endpoints (workspace_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- Contract 4: a redeliver idempotency key is scoped to the workspace and kept at least 24 hours.
CREATE TABLE webhook_idempotency_keys (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  key text NOT NULL,
  delivery_id uuid NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, key)
);
CREATE INDEX webhook_idempotency_keys_age ON webhook_idempotency_keys (created_at);
