-- The audit log refuses TRUNCATE too (UPDATE and DELETE since 0015): a
-- TRUNCATE fires no row or DELETE trigger, so it needs its own. The table's
-- owner could still drop the trigger: production's server connects as a role
-- that owns nothing (docs/operations.md "Database roles").
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
