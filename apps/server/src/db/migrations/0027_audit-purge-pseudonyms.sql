-- The audit log stays append-only with one exception, for the purge of deleted
-- members (docs/decisions/037): an entry about a member may be changed once,
-- when that member is purged, to name their pseudonym instead of their number
-- and to replace text that names them with '(removed)'. The row trigger
-- checks exactly that: only `target`, `before`, `after` and `reason` change; the
-- old target is no member's number any more and the new one a purged member's
-- pseudonym (so an entry moves once, and never a live member's); `before` and
-- `after` keep their shape, keys and every other value, a string becoming
-- '(removed)' at most; the reason stays or becomes '(removed)'. DELETE and
-- TRUNCATE stay refused whatever the rows.
DROP TRIGGER "audit_entries_no_update_or_delete" ON "audit_entries";--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_delete" BEFORE DELETE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_json_redacts"(old_value jsonb, new_value jsonb) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  key text;
  idx integer;
BEGIN
  IF old_value IS NOT DISTINCT FROM new_value THEN
    RETURN true;
  END IF;
  IF old_value IS NULL OR new_value IS NULL THEN
    RETURN false;
  END IF;
  IF jsonb_typeof(old_value) = 'string' THEN
    RETURN new_value = '"(removed)"'::jsonb;
  END IF;
  IF jsonb_typeof(old_value) <> jsonb_typeof(new_value) THEN
    RETURN false;
  END IF;
  IF jsonb_typeof(old_value) = 'object' THEN
    IF (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(old_value) AS k)
      IS DISTINCT FROM (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(new_value) AS k) THEN
      RETURN false;
    END IF;
    FOR key IN SELECT jsonb_object_keys(old_value) LOOP
      IF NOT audit_json_redacts(old_value -> key, new_value -> key) THEN
        RETURN false;
      END IF;
    END LOOP;
    RETURN true;
  END IF;
  IF jsonb_typeof(old_value) = 'array' THEN
    IF jsonb_array_length(old_value) <> jsonb_array_length(new_value) THEN
      RETURN false;
    END IF;
    FOR idx IN 0 .. jsonb_array_length(old_value) - 1 LOOP
      IF NOT audit_json_redacts(old_value -> idx, new_value -> idx) THEN
        RETURN false;
      END IF;
    END LOOP;
    RETURN true;
  END IF;
  RETURN false;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "audit_entries_purge_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.target_type = 'member'
    AND NEW.id = OLD.id
    AND NEW.at = OLD.at
    AND NEW.staff_id IS NOT DISTINCT FROM OLD.staff_id
    AND NEW.actor = OLD.actor
    AND NEW.action = OLD.action
    AND NEW.target_type = OLD.target_type
    AND NEW.country_code IS NOT DISTINCT FROM OLD.country_code
    AND (NEW.reason IS NOT DISTINCT FROM OLD.reason OR NEW.reason = '(removed)')
    AND audit_json_redacts(OLD.before, NEW.before)
    AND audit_json_redacts(OLD.after, NEW.after)
    AND NOT EXISTS (SELECT 1 FROM agents WHERE number = OLD.target)
    AND EXISTS (SELECT 1 FROM agents WHERE number = NEW.target AND status = 'purged')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_entries is append-only: UPDATE refused';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_update_only_to_pseudonymise" BEFORE UPDATE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_purge_only"();
