-- Contract 10.3: one rule for profile URLs (domain/profile-url.ts; profile-url-rule.int.test.ts keeps
-- profile_url_rule equal to it). Prospects that collide under the rule are merged into the oldest,
-- nothing lost: its empty fields and custom fields are filled from the others, their enrollments,
-- timelines and actions move to it, and conversations, pending sandbox events and sandbox threads
-- follow the new spelling. Other URLs (not LinkedIn or WhatsApp) are kept as they are: only new
-- writes refuse them. Then a deleted prospect's counters are kept (a person may ask to be forgotten).

-- A member slug percent-decoded and lower-cased; null when it does not decode to UTF-8 or holds a
-- delimiter, `%`, a space or a control character (profile-url.ts SLUG_REFUSED).
CREATE OR REPLACE FUNCTION profile_url_slug(encoded text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  bytes bytea := '';
  i integer := 1;
  c text;
  slug text := encoded;
BEGIN
  IF position('%' IN encoded) > 0 THEN
    WHILE i <= length(encoded) LOOP
      c := substr(encoded, i, 1);
      IF c = '%' THEN
        IF substr(encoded, i + 1, 2) !~ '^[0-9A-Fa-f]{2}$' THEN
          RETURN NULL;
        END IF;
        bytes := bytes || decode(substr(encoded, i + 1, 2), 'hex');
        i := i + 3;
      ELSE
        bytes := bytes || convert_to(c, 'UTF8');
        i := i + 1;
      END IF;
    END LOOP;
    BEGIN
      slug := convert_from(bytes, 'UTF8');
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END;
  END IF;
  IF slug = '' OR slug ~ '[\x01-\x20\x7f"#%/<>?\\^`{|}[\]]' THEN
    RETURN NULL;
  END IF;
  RETURN lower(slug);
END
$$;

-- The stored form of an http(s) URL under contract 10.3 when it is a LinkedIn member, a Sales
-- Navigator lead or WhatsApp; any other text comes back unchanged (prospects already hold 9.1's form).
CREATE OR REPLACE FUNCTION profile_url_rule(url text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  parts text[];
  host text;
  path text;
  m text[];
  slug text;
BEGIN
  parts := regexp_match(btrim(url), '^[hH][tT][tT][pP][sS]?://([^/?#:@]*)(:[0-9]*)?([^?#]*)');
  IF parts IS NULL THEN
    RETURN url;
  END IF;
  host := lower(parts[1]);
  path := regexp_replace(parts[3], '/+$', '');
  IF host ~ '^((www|[a-z]{2})\.)?linkedin\.com$' THEN
    m := regexp_match(path, '^/[iI][nN]/([^/]+)(/[A-Za-z]{2}([-_][A-Za-z]{2})?)?$');
    IF m IS NOT NULL THEN
      slug := profile_url_slug(m[1]);
      RETURN CASE WHEN slug IS NULL THEN url ELSE 'https://www.linkedin.com/in/' || slug END;
    END IF;
    m := regexp_match(path, '^/[sS][aA][lL][eE][sS]/([lL][eE][aA][dD]|[pP][eE][oO][pP][lL][eE])(/[^/].*)$');
    IF m IS NOT NULL THEN
      RETURN 'https://www.linkedin.com/sales/' || lower(m[1]) || m[2];
    END IF;
  ELSIF host = 'wa.me' THEN
    m := regexp_match(path, '^/\+?([0-9]{7,15})$');
    IF m IS NOT NULL THEN
      RETURN 'https://wa.me/' || m[1];
    END IF;
  END IF;
  RETURN url;
END
$$;

-- Every prospect with its stored form under the rule and the oldest prospect of that form (the keeper).
CREATE TEMP TABLE prospect_merge ON COMMIT DROP AS
SELECT id, url, first_value(id) OVER (PARTITION BY workspace_id, url ORDER BY created_at, id) AS keeper
FROM (SELECT id, workspace_id, created_at, profile_url_rule(profile_url) AS url FROM prospects) p;

-- The keeper keeps its values and takes the ones only a younger duplicate had (the oldest such first).
UPDATE prospects k
SET name = coalesce(k.name, d.name), headline = coalesce(k.headline, d.headline), company = coalesce(k.company, d.company),
    email = coalesce(k.email, d.email), time_zone = coalesce(k.time_zone, d.time_zone)
FROM (
  SELECT m.keeper,
         (array_agg(p.name ORDER BY p.created_at, p.id) FILTER (WHERE p.name IS NOT NULL))[1] AS name,
         (array_agg(p.headline ORDER BY p.created_at, p.id) FILTER (WHERE p.headline IS NOT NULL))[1] AS headline,
         (array_agg(p.company ORDER BY p.created_at, p.id) FILTER (WHERE p.company IS NOT NULL))[1] AS company,
         (array_agg(p.email ORDER BY p.created_at, p.id) FILTER (WHERE p.email IS NOT NULL))[1] AS email,
         (array_agg(p.time_zone ORDER BY p.created_at, p.id) FILTER (WHERE p.time_zone IS NOT NULL))[1] AS time_zone
  FROM prospect_merge m JOIN prospects p ON p.id = m.id
  WHERE m.id <> m.keeper
  GROUP BY m.keeper
) d
WHERE k.id = d.keeper;

UPDATE prospects k
SET custom_fields = d.fields || k.custom_fields
FROM (
  SELECT keeper, jsonb_object_agg(key, value) AS fields
  FROM (
    SELECT DISTINCT ON (m.keeper, f.key) m.keeper, f.key, f.value
    FROM prospect_merge m JOIN prospects p ON p.id = m.id CROSS JOIN LATERAL jsonb_each(p.custom_fields) f
    WHERE m.id <> m.keeper
    ORDER BY m.keeper, f.key, p.created_at, p.id
  ) oldest_value
  GROUP BY keeper
) d
WHERE k.id = d.keeper;

-- Two spellings of one person in one campaign become one enrollment: the unfinished one (else the
-- first entered) is kept; the others' timeline rows and actions join it.
CREATE TEMP TABLE enrollment_merge ON COMMIT DROP AS
SELECT e.id,
       first_value(e.id) OVER (
         PARTITION BY m.keeper, e.campaign_id ORDER BY e.status IN ('waiting', 'active') DESC, e.entered_at, e.id
       ) AS kept
FROM enrollments e JOIN prospect_merge m ON m.id = e.prospect_id
WHERE m.keeper IN (SELECT keeper FROM prospect_merge WHERE id <> keeper);
DELETE FROM enrollment_merge WHERE id = kept;

-- Their actions not yet offered are cancelled, quota slots given back (runs/gate.ts releaseQuota).
UPDATE sender_quota q
SET used = greatest(0, q.used - c.n)
FROM (
  SELECT a.sender_account_id, a.limit_kind, a.quota_day, count(*)::int AS n
  FROM run_actions a JOIN enrollment_merge em ON em.id = a.enrollment_id
  WHERE a.status = 'scheduled' AND a.limit_kind IS NOT NULL AND a.quota_day IS NOT NULL
  GROUP BY 1, 2, 3
) c
WHERE q.account_id = c.sender_account_id AND q.kind = c.limit_kind AND q.day = c.quota_day;
UPDATE run_actions SET status = 'cancelled', finished_at = clock_now()
WHERE status = 'scheduled' AND enrollment_id IN (SELECT id FROM enrollment_merge);

-- Their actions join the kept enrollment with negative visits: an action's visit is that of the
-- step it was for, and these were for visits of another enrollment, so they never meet its own.
UPDATE run_actions a
SET enrollment_id = r.kept, visit = -r.n
FROM (
  SELECT a2.id, em.kept, row_number() OVER (PARTITION BY em.kept ORDER BY a2.created_at, a2.id)::int AS n
  FROM run_actions a2 JOIN enrollment_merge em ON em.id = a2.enrollment_id
) r
WHERE a.id = r.id;

UPDATE enrollment_steps s SET enrollment_id = em.kept FROM enrollment_merge em WHERE s.enrollment_id = em.id;

-- Counted as one enrollment from now on (018's delete trigger takes them out of the run counters).
DELETE FROM enrollments WHERE id IN (SELECT id FROM enrollment_merge);

UPDATE enrollments e SET prospect_id = m.keeper FROM prospect_merge m WHERE e.prospect_id = m.id AND m.id <> m.keeper;
DELETE FROM prospects WHERE id IN (SELECT id FROM prospect_merge WHERE id <> keeper);
UPDATE prospects p SET profile_url = m.url FROM prospect_merge m WHERE p.id = m.id AND p.profile_url <> m.url;

-- What matches a prospect by its profile URL follows the new spelling: a conversation's contact, the
-- sandbox's pending answers, and a thread whose id is the URL (executors/events.ts, runs/sandbox.ts)
-- unless the sender already has a thread under the new one.
UPDATE conversations SET contact_profile_url = profile_url_rule(contact_profile_url)
WHERE contact_profile_url IS NOT NULL AND profile_url_rule(contact_profile_url) <> contact_profile_url;
UPDATE sandbox_events SET profile_url = profile_url_rule(profile_url) WHERE profile_url_rule(profile_url) <> profile_url;
UPDATE conversations c
SET external_conversation_id = r.renamed
FROM (
  SELECT id, account_id, renamed, row_number() OVER (PARTITION BY account_id, renamed ORDER BY created_at, id) AS n
  FROM (
    SELECT id, account_id, created_at,
           CASE WHEN external_conversation_id LIKE 'sandbox:%'
                THEN 'sandbox:' || profile_url_rule(substr(external_conversation_id, 9))
                ELSE profile_url_rule(external_conversation_id) END AS renamed,
           external_conversation_id AS old
    FROM conversations
  ) spelled
  WHERE renamed <> old
) r
WHERE c.id = r.id AND r.n = 1
  AND NOT EXISTS (SELECT 1 FROM conversations o WHERE o.account_id = r.account_id AND o.external_conversation_id = r.renamed);

-- Contract 10.3: deleting a prospect keeps the run counters' totals (its enrollments have finished:
-- prospect_enrolled refuses the others). Only the delete branch of 018's function changes.
CREATE OR REPLACE FUNCTION run_enrollment_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO run_enrollment_counts (campaign_id, status, replied, node_id, n)
    SELECT r.campaign_id, r.status, r.replied, r.node_id, count(*)
    FROM (SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id FROM new_rows) r
    JOIN campaigns c ON c.id = r.campaign_id
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO run_enrollment_counts (campaign_id, status, replied, node_id, n)
    SELECT r.campaign_id, r.status, r.replied, r.node_id, sum(r.n)
    FROM (
      SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id, 1 AS n FROM new_rows
      UNION ALL
      SELECT campaign_id, status, run_replied(outcome) AS replied, run_standing_at(status, current_node_id) AS node_id, -1 AS n FROM old_rows
    ) r
    JOIN campaigns c ON c.id = r.campaign_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(r.n) <> 0;
  END IF;
  -- DELETE: the enrollments and their timeline rows (gone by cascade, unseen by the step trigger)
  -- stay counted; a campaign's own counters go with it.
  RETURN NULL;
END
$$;
