-- Issue 39: one thread per person and sender. The sandbox writes into the conversation a sender
-- already has with that person, found by its contact's profile URL.
CREATE INDEX conversations_contact ON conversations (account_id, contact_profile_url, last_message_at DESC) WHERE contact_profile_url IS NOT NULL;
