ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_likes_count_not_negative" CHECK ("posts"."likes_count" >= 0);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_comments_count_not_negative" CHECK ("posts"."comments_count" >= 0);--> statement-breakpoint
-- Room on each page for a new version of its rows: a like or comment rewrites the post's row,
-- and with space beside it the update stays on the page without touching the three indexes (HOT).
ALTER TABLE "posts" SET (fillfactor = 90);--> statement-breakpoint
CREATE FUNCTION "posts_keep_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement over its transition table: a cascade that removes a member's thousand
  -- likes, or a bulk insert, updates each post once instead of once per row. A post deleted in
  -- the same statement (its likes going with it by cascade) is simply not found.
  UPDATE "posts" SET
    "likes_count" = "likes_count" + CASE TG_TABLE_NAME WHEN 'likes' THEN c.n ELSE 0 END,
    "comments_count" = "comments_count" + CASE TG_TABLE_NAME WHEN 'comments' THEN c.n ELSE 0 END
  FROM (
    SELECT "post_id", count(*)::int * CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END AS n
    FROM changed GROUP BY "post_id"
  ) c
  WHERE "posts"."id" = c."post_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "likes_count_inserted" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "posts_keep_counts"();--> statement-breakpoint
CREATE TRIGGER "likes_count_deleted" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "posts_keep_counts"();--> statement-breakpoint
CREATE TRIGGER "comments_count_inserted" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "posts_keep_counts"();--> statement-breakpoint
CREATE TRIGGER "comments_count_deleted" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "posts_keep_counts"();--> statement-breakpoint
-- The backfill comes after the triggers: creating them locked likes and comments against writes
-- until this migration commits, so no like or comment can slip between the count and the trigger.
UPDATE "posts" SET "likes_count" = c.n
FROM (SELECT "post_id", count(*)::int AS n FROM "likes" GROUP BY "post_id") c
WHERE "posts"."id" = c."post_id";--> statement-breakpoint
UPDATE "posts" SET "comments_count" = c.n
FROM (SELECT "post_id", count(*)::int AS n FROM "comments" GROUP BY "post_id") c
WHERE "posts"."id" = c."post_id";
