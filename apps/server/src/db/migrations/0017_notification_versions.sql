CREATE SEQUENCE "public"."notification_changes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows written before carry 0: any change from now on stamps them anew. A constant default
-- leaves the table as it is; a volatile one would rewrite every row.
ALTER TABLE "notifications" ADD COLUMN "changed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "changed" SET DEFAULT nextval('notification_changes');--> statement-breakpoint
CREATE FUNCTION "notifications_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A sequence, not a counter row: likes on one member's posts stamp their groups without
  -- waiting for each other.
  NEW."changed" := nextval('notification_changes');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_changed" BEFORE UPDATE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "notifications_stamp_change"();--> statement-breakpoint
-- Unless all their groups were written read, which the server never does; a row makes sure.
INSERT INTO "notification_counts" ("user_id")
SELECT DISTINCT "user_id" FROM "notifications" ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "notification_versions_of_subject"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A post retitled, a comment edited, a match changed or an actor renamed reads differently in
  -- every list that names it, though no group changed: the version of those groups' members
  -- moves. The trigger's argument is the column of `notifications` naming the subject, or
  -- 'actor_id'; both are found by index. Counter rows are taken in member order, as 0012 does;
  -- every member with a group has one, since groups are written unread.
  EXECUTE format($q$
    WITH members AS (
      SELECT DISTINCT n."user_id" FROM "notifications" n %s
    ), locked AS MATERIALIZED (
      SELECT c."user_id" FROM "notification_counts" c JOIN members m ON m."user_id" = c."user_id"
      ORDER BY c."user_id" FOR UPDATE OF c
    )
    UPDATE "notification_counts" SET "version" = "notification_counts"."version" + 1
    FROM locked WHERE "notification_counts"."user_id" = locked."user_id"$q$,
    CASE TG_ARGV[0]
      WHEN 'actor_id' THEN 'JOIN "notification_actors" a ON a."notification_id" = n."id" WHERE a."actor_id" = $1'
      ELSE format('WHERE n.%I = $1', TG_ARGV[0]) END)
  USING NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_versions_post_retitled" AFTER UPDATE OF "title" ON "posts" FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "notification_versions_of_subject"('post_id');--> statement-breakpoint
CREATE TRIGGER "notification_versions_comment_edited" AFTER UPDATE OF "text" ON "comments" FOR EACH ROW WHEN (OLD."text" IS DISTINCT FROM NEW."text") EXECUTE FUNCTION "notification_versions_of_subject"('comment_id');--> statement-breakpoint
CREATE TRIGGER "notification_versions_match_changed" AFTER UPDATE ON "tournament_matches" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notification_versions_of_subject"('match_id');--> statement-breakpoint
CREATE TRIGGER "notification_versions_actor_renamed" AFTER UPDATE OF "username", "full_name", "avatar" ON "users" FOR EACH ROW WHEN ((OLD."username", OLD."full_name", OLD."avatar") IS DISTINCT FROM (NEW."username", NEW."full_name", NEW."avatar")) EXECUTE FUNCTION "notification_versions_of_subject"('actor_id');