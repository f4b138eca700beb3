-- Executors (contract 9.4): the HTTP executor's signing secret rotates like a webhook endpoint's
-- (the old one keeps signing a second signature until its grace ends), and sandbox messages are
-- marked so the inbox can tell them from real ones.
ALTER TABLE executor_settings
  ADD COLUMN previous_secret text,
  ADD COLUMN previous_secret_expires_at timestamptz;

ALTER TABLE messages ADD COLUMN sandbox boolean NOT NULL DEFAULT false;
