-- Failed sign-ins per (client address, key prefix) in a fixed window, shared by every process on the
-- database: one process's count refuses a guesser in all of them, and a valid key with another
-- prefix from the same address is never refused.
CREATE TABLE auth_failures (
  bucket text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL
);
CREATE INDEX auth_failures_window ON auth_failures (window_start);
