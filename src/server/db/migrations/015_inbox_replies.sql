-- Contract 9.4 replying from the inbox: a `message` action without an enrollment, for a conversation.
-- Its thread shows it sending, sent (the outbound message, once done) or failed.
ALTER TABLE run_actions ADD COLUMN conversation_id uuid REFERENCES conversations(id) ON DELETE CASCADE;
CREATE INDEX run_actions_conversation ON run_actions (conversation_id, created_at) WHERE conversation_id IS NOT NULL;
