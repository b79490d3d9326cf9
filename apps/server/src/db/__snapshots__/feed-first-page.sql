-- GET /posts, first: the feed's version and the counts of the kept page's posts (features/posts/feed-fresh.ts; a first visit keeps no page, so it asks for none)
-- Prepared as "feed_fresh"; its parameters:
--   $1 = [0]
--   $2 = [viewerId]
--   $3 = [null]
--   $4 = [true]
select v.version,
  i.check_no,
  case when i.first then coalesce((select true from "blocks" b where b.blocker_id = i.viewer_id::int limit 1),
  (select true from "blocks" b where b.blocked_id = i.viewer_id::int limit 1),
  (select true from "mutes" m where m.muter_id = i.viewer_id::int limit 1), false) end,
  "posts"."id",
  "posts"."likes_count",
  "posts"."comments_count",
  coalesce((select true from "likes" where "likes"."post_id" = "posts"."id" and "likes"."user_id" = i.viewer_id), false)
from (select (select case when is_called then last_value else 0 end::float8 from feed_version) as version) v
cross join unnest($1::int[], $2::int[],
       $3::int[], $4::bool[])
as i(check_no, viewer_id, post_id, first)
left join "posts" on "posts"."id" = i.post_id;

-- Then, with no page kept under that version, the first page of "All"
-- Prepared as "posts_page_all_11"; its parameters:
--   $1 = viewerId
--   $2 = viewerId
--   $3 = viewerId
--   $4 = viewerId
select "posts"."id",
  "posts"."title",
  "posts"."description",
  "posts"."image",
  "posts"."video",
  "posts"."image_alt",
  "posts"."created_at",
  "posts"."edited_at",
  to_char("posts"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  "users"."id",
  "users"."username",
  "users"."full_name",
  "users"."avatar",
  "posts"."likes_count",
  coalesce((select true from "likes" where "likes"."post_id" = "posts"."id" and "likes"."user_id" = $1), false),
  "posts"."comments_count"
from "posts"
inner join "users" on "users"."id" = "posts"."author_id"
where not exists (select 1 from (select b.blocked_id as id from "blocks" b where b.blocker_id = $2::int
    union all select b.blocker_id from "blocks" b where b.blocked_id = $3::int
      union all select m.muted_id from "mutes" m where m.muter_id = $4::int) x where x.id = "posts"."author_id"::int) and not ("users"."suspended_at" is not null and ("users"."suspended_until" is null or "users"."suspended_until" > now()))
order by "posts"."created_at" desc,
  "posts"."id" desc
limit 11;
