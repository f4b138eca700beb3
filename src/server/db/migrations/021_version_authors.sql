-- Who saved each graph version (the web app, an MCP caller or the server itself; contract 8.5 `via`)
-- and a one-line summary of what that save changed, in users' words, for the version history.
-- Versions saved before this migration have neither (NULL): the history says nothing rather than guess.
ALTER TABLE campaign_versions
  ADD COLUMN saved_via text CHECK (saved_via IN ('app', 'mcp', 'other')),
  ADD COLUMN summary text;
