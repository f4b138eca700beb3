-- Contract 10.2 sender assignment: how a campaign gives each new enrollment its sender
-- (SENDER_ASSIGNMENTS in domain/contract/campaigns.ts; sticky once given), the prospect field
-- `by_field` reads, and round_robin's next turn.
ALTER TABLE campaigns
  ADD COLUMN sender_assignment text NOT NULL DEFAULT 'least_loaded' CHECK (sender_assignment IN ('least_loaded', 'round_robin', 'by_field')),
  ADD COLUMN sender_field text,
  ADD COLUMN sender_turn integer NOT NULL DEFAULT 0;
