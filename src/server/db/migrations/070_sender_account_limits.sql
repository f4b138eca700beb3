-- Contract 10.2 protecting sender accounts: each account's own time zone (its days for limits and
-- warm-up), weekly limits (rolling 7 calendar days; kinds absent take DEFAULT_WEEKLY_LIMITS of
-- domain/contract/accounts.ts) and warm-up ({startDaily, addPerDay, startedOn} or null).
ALTER TABLE accounts
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC',
  ADD COLUMN weekly_limits jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN warm_up jsonb;

-- One row per sender and kind with a weekly limit: the send gate locks it before it counts the
-- rolling weeks of that kind (sender_quota's days), so two transactions admitting on different days
-- of one week never both take its last slot.
CREATE TABLE sender_week (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind text NOT NULL,
  PRIMARY KEY (account_id, kind)
);
