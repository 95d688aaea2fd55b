-- A country's terms version that staff set (the newest row of
-- terms_version_changes, still the country's version) becomes a staff edit of
-- the part `{country}/terms-version`: content:load keeps it, as it keeps the
-- other staff edits, until the files give the same version or are taken.
INSERT INTO "content_staff_edits" ("country_code", "path", "changed_at", "changed_by")
SELECT c.code, c.code || '/terms-version', latest.changed_at, latest.actor
FROM "countries" c
JOIN LATERAL (
  SELECT t.terms_version, t.changed_at, t.actor FROM "terms_version_changes" t
  WHERE t.country_code = c.code ORDER BY t.changed_at DESC, t.id DESC LIMIT 1
) latest ON latest.terms_version = c.terms_version
ON CONFLICT ("country_code", "path") DO NOTHING;
