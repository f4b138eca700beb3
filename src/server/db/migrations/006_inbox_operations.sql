-- Inbox operations (contract 8.2): the campaign step that produced a conversation, whether the
-- contact ever wrote (step-stats "replied"), and indexes so the new filters page as fast as the old.
ALTER TABLE conversations ADD COLUMN campaign_id uuid REFERENCES campaigns(id) ON DELETE SET NULL;
ALTER TABLE conversations ADD COLUMN campaign_node_id text;
ALTER TABLE conversations ADD COLUMN has_inbound boolean NOT NULL DEFAULT false;

UPDATE conversations c SET has_inbound = true
WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.direction = 'inbound');

-- unread=true: keyset pages over the (usually few) unread conversations of a workspace.
CREATE INDEX conversations_unread_page ON conversations (workspace_id, last_message_at DESC, id DESC) WHERE unread_count > 0;
-- campaignId (+ nodeId) filters and step-stats: keyset pages per campaign and per step.
CREATE INDEX conversations_campaign_page ON conversations (campaign_id, last_message_at DESC, id DESC) WHERE campaign_id IS NOT NULL;
CREATE INDEX conversations_step_page ON conversations (campaign_id, campaign_node_id, last_message_at DESC, id DESC)
  WHERE campaign_id IS NOT NULL;
