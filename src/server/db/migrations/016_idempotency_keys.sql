-- One idempotency mechanism (contract 4, 8.3): every request with an idempotency key (redeliver,
-- recover) is claimed in one table, keyed per workspace; `request` tells a replay from another request
-- under the same key; `response` is the first answer's JSON text, replayed byte for byte.
CREATE TABLE idempotency_keys (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  key text NOT NULL,
  request jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);

INSERT INTO idempotency_keys (workspace_id, key, request, state, response, created_at)
SELECT workspace_id, key, jsonb_build_object('operation', 'redeliver', 'deliveryId', delivery_id), 'done', response::text, created_at
FROM webhook_idempotency_keys WHERE state = 'done'
ON CONFLICT DO NOTHING;
INSERT INTO idempotency_keys (workspace_id, key, request, state, response, created_at)
SELECT workspace_id, key, request || jsonb_build_object('operation', 'recover'), 'done', response::text, created_at
FROM webhook_recoveries
ON CONFLICT DO NOTHING;

DROP TABLE webhook_idempotency_keys;
DROP TABLE webhook_recoveries;
