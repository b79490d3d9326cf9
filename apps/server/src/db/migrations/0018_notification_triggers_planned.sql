-- The two notification triggers that every like, unlike and comment runs, with the same effect as
-- in 0012, written as static statements: PL/pgSQL plans a static statement once per session and
-- keeps it, while EXECUTE parses and plans its text on every call (about a third of a like's
-- time). A branch per operation, since a transition table is named only where it exists.
CREATE OR REPLACE FUNCTION "notification_counts_keep_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per statement over its transition tables, as inboxes_keep_unread (0010) does, rows
  -- locked in member order. An update moves a count by its net change only: growing a group
  -- rewrites it unread as it was, which moves nothing. Removals only move rows that exist:
  -- inserting one could fail for a member whose own deletion is the cascade running this trigger.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "notification_counts" SET "unread" = 0 WHERE "unread" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "notification_counts" ("user_id", "unread")
    SELECT "user_id", count(*)::int FROM added WHERE "read_at" IS NULL
    GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "unread" = "notification_counts"."unread" + excluded."unread";
  ELSIF TG_OP = 'UPDATE' THEN
    WITH change AS (
      SELECT "user_id", sum(d)::int AS d FROM (
        SELECT "user_id", -1 AS d FROM removed WHERE "read_at" IS NULL
        UNION ALL SELECT "user_id", 1 FROM added WHERE "read_at" IS NULL
      ) moves GROUP BY "user_id" HAVING sum(d) <> 0
    ), locked AS MATERIALIZED (
      SELECT c."user_id" FROM "notification_counts" c JOIN change ON change."user_id" = c."user_id"
      ORDER BY c."user_id" FOR UPDATE OF c
    )
    UPDATE "notification_counts" SET "unread" = "notification_counts"."unread" + change.d
    FROM change JOIN locked ON locked."user_id" = change."user_id"
    WHERE "notification_counts"."user_id" = change."user_id";
  ELSE
    WITH change AS (
      SELECT "user_id", count(*)::int AS n FROM removed WHERE "read_at" IS NULL GROUP BY "user_id"
    ), locked AS MATERIALIZED (
      SELECT c."user_id" FROM "notification_counts" c JOIN change ON change."user_id" = c."user_id"
      ORDER BY c."user_id" FOR UPDATE OF c
    )
    UPDATE "notification_counts" SET "unread" = "notification_counts"."unread" - change.n
    FROM change JOIN locked ON locked."user_id" = change."user_id"
    WHERE "notification_counts"."user_id" = change."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notifications_keep_actors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A group's actorsCount follows its actors, and a group its last actor left goes (an unlike,
  -- a member deleted): every way an actor comes or goes, cascades included, in one place.
  IF TG_OP = 'INSERT' THEN
    WITH change AS (
      SELECT "notification_id", count(*)::int AS n FROM added GROUP BY "notification_id"
    ), locked AS MATERIALIZED (
      SELECT g."id" FROM "notifications" g JOIN change ON change."notification_id" = g."id"
      ORDER BY g."id" FOR UPDATE OF g
    )
    UPDATE "notifications" SET "actors_count" = "notifications"."actors_count" + change.n
    FROM change JOIN locked ON locked."id" = change."notification_id"
    WHERE "notifications"."id" = change."notification_id";
  ELSE
    WITH change AS (
      SELECT "notification_id", count(*)::int AS n FROM removed GROUP BY "notification_id"
    ), locked AS MATERIALIZED (
      SELECT g."id" FROM "notifications" g JOIN change ON change."notification_id" = g."id"
      ORDER BY g."id" FOR UPDATE OF g
    )
    UPDATE "notifications" SET "actors_count" = "notifications"."actors_count" - change.n
    FROM change JOIN locked ON locked."id" = change."notification_id"
    WHERE "notifications"."id" = change."notification_id";
    DELETE FROM "notifications" WHERE "actors_count" = 0
      AND "id" IN (SELECT "notification_id" FROM removed);
  END IF;
  RETURN NULL;
END
$$;
