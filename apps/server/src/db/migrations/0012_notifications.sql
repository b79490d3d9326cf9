CREATE TABLE "notification_actors" (
	"notification_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_actors_notification_id_actor_id_pk" PRIMARY KEY("notification_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "notification_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_unread_not_negative" CHECK ("notification_counts"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"follow" boolean DEFAULT true NOT NULL,
	"like" boolean DEFAULT true NOT NULL,
	"comment" boolean DEFAULT true NOT NULL,
	"transfer" boolean DEFAULT true NOT NULL,
	"tournament" boolean DEFAULT true NOT NULL,
	"moderation" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"subject_key" integer NOT NULL,
	"post_id" integer,
	"comment_id" integer,
	"match_id" integer,
	"details" jsonb,
	"actors_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_actors_not_negative" CHECK ("notifications"."actors_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_match_id_tournament_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."tournament_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_actors_newest_idx" ON "notification_actors" USING btree ("notification_id","created_at","actor_id");--> statement-breakpoint
CREATE INDEX "notification_actors_actor_idx" ON "notification_actors" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_idx" ON "notifications" USING btree ("user_id","type","subject_key") WHERE "notifications"."read_at" is null and "notifications"."type" in ('follow', 'like', 'tournament');--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("user_id","type","subject_key");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."read_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "notifications"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_match_idx" ON "notifications" USING btree ("match_id") WHERE "notifications"."match_id" is not null;--> statement-breakpoint
-- Each notification or read rewrites the member's row: room beside it keeps the update on its page.
ALTER TABLE "notification_counts" SET (fillfactor = 80);--> statement-breakpoint
CREATE FUNCTION "notification_counts_keep_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement over its transition tables, as inboxes_keep_unread (0010) does, rows
  -- locked in member order. An update moves a count by its net change only: growing a group
  -- rewrites it unread as it was, which moves nothing.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "notification_counts" SET "unread" = 0 WHERE "unread" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "notification_counts" ("user_id", "unread")
    SELECT "user_id", count(*)::int FROM added WHERE "read_at" IS NULL
    GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "unread" = "notification_counts"."unread" + excluded."unread";
  ELSE
    -- Only rows that exist are moved: inserting one could fail for a member whose own deletion
    -- is the cascade running this trigger. A delete has no `added` table, hence the text.
    EXECUTE format($q$
      WITH change AS (
        SELECT "user_id", sum(d)::int AS d FROM (%s) moves GROUP BY "user_id" HAVING sum(d) <> 0
      ), locked AS MATERIALIZED (
        SELECT c."user_id" FROM "notification_counts" c JOIN change ON change."user_id" = c."user_id"
        ORDER BY c."user_id" FOR UPDATE OF c
      )
      UPDATE "notification_counts" SET "unread" = "notification_counts"."unread" + change.d
      FROM change JOIN locked ON locked."user_id" = change."user_id"
      WHERE "notification_counts"."user_id" = change."user_id"$q$,
      'SELECT "user_id", -1 AS d FROM removed WHERE "read_at" IS NULL'
      || CASE WHEN TG_OP = 'UPDATE'
           THEN ' UNION ALL SELECT "user_id", 1 FROM added WHERE "read_at" IS NULL' ELSE '' END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_counts_inserted" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_keep_unread"();--> statement-breakpoint
CREATE TRIGGER "notification_counts_updated" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_keep_unread"();--> statement-breakpoint
CREATE TRIGGER "notification_counts_deleted" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_keep_unread"();--> statement-breakpoint
CREATE TRIGGER "notification_counts_truncated" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_keep_unread"();--> statement-breakpoint
CREATE FUNCTION "notifications_keep_actors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A group's actorsCount follows its actors, and a group its last actor left goes (an unlike,
  -- a member deleted): every way an actor comes or goes, cascades included, in one place.
  EXECUTE format($q$
    WITH change AS (
      SELECT "notification_id", count(*)::int AS n FROM %I GROUP BY "notification_id"
    ), locked AS MATERIALIZED (
      SELECT g."id" FROM "notifications" g JOIN change ON change."notification_id" = g."id"
      ORDER BY g."id" FOR UPDATE OF g
    )
    UPDATE "notifications" SET "actors_count" = "notifications"."actors_count" %s change.n
    FROM change JOIN locked ON locked."id" = change."notification_id"
    WHERE "notifications"."id" = change."notification_id"$q$,
    CASE TG_OP WHEN 'INSERT' THEN 'added' ELSE 'removed' END,
    CASE TG_OP WHEN 'INSERT' THEN '+' ELSE '-' END);
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "notifications" WHERE "actors_count" = 0
      AND "id" IN (SELECT "notification_id" FROM removed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_actors_inserted" AFTER INSERT ON "notification_actors" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "notifications_keep_actors"();--> statement-breakpoint
CREATE TRIGGER "notifications_actors_deleted" AFTER DELETE ON "notification_actors" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "notifications_keep_actors"();--> statement-breakpoint
CREATE FUNCTION "notifications_of_transfers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Money received (kind 'transfer') notifies its recipient in the statement that moved it,
  -- however the batch of money_transfers (0009) gathered it; a welcome or a closure does not.
  WITH event AS (
    SELECT t."id", r."user_id" AS recipient, s."user_id" AS sender, t."amount_cents", t."note",
           t."created_at"
    FROM added t
    JOIN "accounts" s ON s."id" = t."from_account_id"
    JOIN "accounts" r ON r."id" = t."to_account_id"
    WHERE t."kind" = 'transfer' AND r."user_id" <> s."user_id"
      AND coalesce((SELECT ns."transfer" FROM "notification_settings" ns
                    WHERE ns."user_id" = r."user_id"), true)
  ), made AS (
    INSERT INTO "notifications" ("user_id", "type", "subject_key", "details", "created_at")
    SELECT recipient, 'transfer', "id",
           jsonb_build_object('amountCents', "amount_cents", 'note', "note"), "created_at"
    FROM event ORDER BY "id"
    RETURNING "id", "subject_key"
  )
  INSERT INTO "notification_actors" ("notification_id", "actor_id", "created_at")
  SELECT made."id", event.sender, event."created_at" FROM made JOIN event ON event."id" = made."subject_key";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_transfers_inserted" AFTER INSERT ON "transfers" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "notifications_of_transfers"();
