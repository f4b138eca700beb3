-- Inbox (spec 4.2, contract 4 and 7): conversations per sender account, their messages,
-- and the secret that signs pagination cursors (shared by every server process on one database).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO server_secrets (name, value)
VALUES ('cursor_hmac', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
ON CONFLICT (name) DO NOTHING;

CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('professional_network', 'messaging_app')),
  external_conversation_id text NOT NULL,
  contact_name text NOT NULL,
  contact_headline text,
  contact_avatar_url text,
  contact_profile_url text,
  last_message_text text NOT NULL,
  last_message_direction text NOT NULL CHECK (last_message_direction IN ('inbound', 'outbound')),
  last_message_at timestamptz NOT NULL,
  unread_count integer NOT NULL DEFAULT 0,
  -- Tags keep their display case; tags_lower mirrors them for case-insensitive tagFilter.
  tags text[] NOT NULL DEFAULT '{}',
  tags_lower text[] NOT NULL DEFAULT '{}',
  -- Every message text of the conversation, newline-joined, for search (contract 4).
  message_texts text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, external_conversation_id)
);
-- Keyset pagination: newest last_message_at first, ties by id (contract 4).
CREATE INDEX conversations_page ON conversations (workspace_id, last_message_at DESC, id DESC);
CREATE INDEX conversations_account_page ON conversations (account_id, last_message_at DESC, id DESC);
CREATE INDEX conversations_tags ON conversations USING gin (tags_lower);
-- Search: one trigram index over name, headline and every message text (same expression as the query).
CREATE INDEX conversations_search ON conversations USING gin (
  (contact_name || E'\n' || coalesce(contact_headline, '') || E'\n' || message_texts) gin_trgm_ops
);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  external_message_id text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  text text NOT NULL,
  sent_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, external_message_id)
);
CREATE INDEX messages_thread ON messages (conversation_id, sent_at, id);
