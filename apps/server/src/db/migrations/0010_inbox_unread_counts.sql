CREATE TABLE "inboxes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inboxes_unread_not_negative" CHECK ("inboxes"."unread" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each send or read rewrites the member's row: room beside it keeps the update on its page (HOT).
ALTER TABLE "inboxes" SET (fillfactor = 80);--> statement-breakpoint
CREATE FUNCTION "inboxes_keep_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement over its transition tables, as posts_keep_counts does; rows are locked in
  -- member order, so a batch of sends and a cascade over many members cannot deadlock each other.
  -- An update counts as the old rows removed and the new ones added; additions come first, so a
  -- count never dips below zero on the way. A truncate has no transition table: it empties them.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "inboxes" SET "unread" = 0 WHERE "unread" <> 0;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "inboxes" ("user_id", "unread")
    SELECT "receiver_id", count(*)::int FROM added WHERE "read_at" IS NULL
    GROUP BY "receiver_id" ORDER BY "receiver_id"
    ON CONFLICT ("user_id") DO UPDATE SET "unread" = "inboxes"."unread" + excluded."unread";
  END IF;
  -- Removals only lower rows that exist: inserting one could fail for a member whose own
  -- deletion is the cascade running this trigger.
  IF TG_OP <> 'INSERT' THEN
    WITH gone AS (
      SELECT "receiver_id", count(*)::int AS n FROM removed WHERE "read_at" IS NULL
      GROUP BY "receiver_id"
    ), locked AS MATERIALIZED (
      SELECT i."user_id" FROM "inboxes" i JOIN gone ON gone."receiver_id" = i."user_id"
      ORDER BY i."user_id" FOR UPDATE OF i
    )
    UPDATE "inboxes" SET "unread" = "inboxes"."unread" - gone.n
    FROM gone JOIN locked ON locked."user_id" = gone."receiver_id"
    WHERE "inboxes"."user_id" = gone."receiver_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inboxes_unread_inserted" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "inboxes_keep_unread"();--> statement-breakpoint
CREATE TRIGGER "inboxes_unread_updated" AFTER UPDATE ON "messages" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "inboxes_keep_unread"();--> statement-breakpoint
CREATE TRIGGER "inboxes_unread_deleted" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "inboxes_keep_unread"();--> statement-breakpoint
CREATE TRIGGER "inboxes_unread_truncated" AFTER TRUNCATE ON "messages" FOR EACH STATEMENT EXECUTE FUNCTION "inboxes_keep_unread"();--> statement-breakpoint
-- After the triggers, as in 0008: creating them locked messages against writes until this commits.
INSERT INTO "inboxes" ("user_id", "unread")
SELECT "receiver_id", (count(*) FILTER (WHERE "read_at" IS NULL))::int FROM "messages" GROUP BY "receiver_id";
