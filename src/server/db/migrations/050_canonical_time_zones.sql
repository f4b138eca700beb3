-- Time zones stored under one canonical name (issue 39), as every write stores them from now on
-- (canonicalTimeZone, src/domain/time-zones.ts): a name written in another case takes its own
-- spelling ("europe/paris" → "Europe/Paris"), then an old name today's IANA one ("Asia/Calcutta" →
-- "Asia/Kolkata"). The renames are LEGACY_ZONE_NAMES of that file (time-zones-migration.test.ts
-- compares them).
CREATE TEMP TABLE zone_renames (old_name text PRIMARY KEY, new_name text NOT NULL) ON COMMIT DROP;
INSERT INTO zone_renames (old_name, new_name) VALUES
  ('Africa/Asmera', 'Africa/Asmara'),
  ('America/Buenos_Aires', 'America/Argentina/Buenos_Aires'),
  ('America/Catamarca', 'America/Argentina/Catamarca'),
  ('America/Coral_Harbour', 'America/Atikokan'),
  ('America/Cordoba', 'America/Argentina/Cordoba'),
  ('America/Godthab', 'America/Nuuk'),
  ('America/Indianapolis', 'America/Indiana/Indianapolis'),
  ('America/Jujuy', 'America/Argentina/Jujuy'),
  ('America/Louisville', 'America/Kentucky/Louisville'),
  ('America/Mendoza', 'America/Argentina/Mendoza'),
  ('Asia/Calcutta', 'Asia/Kolkata'),
  ('Asia/Katmandu', 'Asia/Kathmandu'),
  ('Asia/Rangoon', 'Asia/Yangon'),
  ('Asia/Saigon', 'Asia/Ho_Chi_Minh'),
  ('Atlantic/Faeroe', 'Atlantic/Faroe'),
  ('Europe/Kiev', 'Europe/Kyiv'),
  ('Pacific/Enderbury', 'Pacific/Kanton'),
  ('Pacific/Ponape', 'Pacific/Pohnpei'),
  ('Pacific/Truk', 'Pacific/Chuuk'),
  ('Etc/UTC', 'UTC'),
  ('Etc/UCT', 'UTC'),
  ('Etc/Universal', 'UTC'),
  ('Etc/Zulu', 'UTC'),
  ('UCT', 'UTC'),
  ('Universal', 'UTC'),
  ('Zulu', 'UTC');

-- Each stored spelling once, with the name it becomes (unknown names stay as they are).
CREATE TEMP TABLE zone_spellings ON COMMIT DROP AS
  WITH stored AS (
    SELECT DISTINCT time_zone AS given FROM prospects WHERE time_zone IS NOT NULL
    UNION SELECT DISTINCT schedule->>'timeZone' FROM campaigns WHERE schedule->>'timeZone' IS NOT NULL
  ), spelled AS (
    SELECT s.given,
      coalesce((SELECT n.name FROM pg_timezone_names n WHERE n.name = s.given),
               (SELECT min(n.name) FROM pg_timezone_names n WHERE lower(n.name) = lower(s.given))) AS known
    FROM stored s
  )
  SELECT given, coalesce(r.new_name, known) AS canonical
  FROM spelled LEFT JOIN zone_renames r ON r.old_name = spelled.known
  WHERE known IS NOT NULL AND coalesce(r.new_name, known) <> given;

UPDATE prospects p SET time_zone = z.canonical FROM zone_spellings z WHERE p.time_zone = z.given;
UPDATE campaigns c SET schedule = jsonb_set(c.schedule, '{timeZone}', to_jsonb(z.canonical))
  FROM zone_spellings z WHERE c.schedule->>'timeZone' = z.given;
