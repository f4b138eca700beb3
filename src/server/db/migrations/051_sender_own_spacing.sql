-- A sender's own spacing between two of its actions, in place of ACTION_SPACING_S (issue 39): the
-- demo workspace's sender is paced in seconds so its run moves within a minute of `npm start`
-- (src/server/demo/run.ts). Null, as for every other sender: the server's ACTION_SPACING_S.
ALTER TABLE sender_pacing ADD COLUMN spacing_ms integer CHECK (spacing_ms >= 0);
