-- A like: POST /like (features/posts/like-service.ts)
-- Prepared as "posts_like"; its parameters:
--   $1 = postId
--   $2 = userId
--   $3 = userId
--   $4 = true
--   $5 = userId
--   $6 = "like"
--   $7 = postId
--   $8 = "like"
--   $9 = postId
--   $10 = postId
--   $11 = null
--   $12 = null
--   $13 = null
--   $14 = userId
with "locked_post" as (
  select "posts"."id", "posts"."likes_count" from "posts" where "posts"."id" = $1::int
  for no key update
), "added" as (
  insert into "likes" (post_id, user_id) select id, $2::int from locked_post
  on conflict do nothing returning post_id
), "event" as (
  select r as user_id from (select p.author_id from "posts" p join added on added.post_id = p.id) as recipients(r)
  where r <> $3::int
    and coalesce((select s."like" from "notification_settings" s where s.user_id = r), true)
    and not ($4::boolean and exists (
      select 1 from "notifications" n
      join "notification_actors" a on a.notification_id = n.id and a.actor_id = $5::int
      where n.user_id = r and n.type = $6::text and n.subject_key = $7::int
      for key share of a))
), "grp" as (
  insert into "notifications" (user_id, type, subject_key, post_id, comment_id, match_id, details)
  select user_id, $8::text, $9::int, $10::int, $11::int,
         $12::int, $13::jsonb
  from event
  on conflict (user_id, type, subject_key) where read_at is null and type in ('follow', 'like', 'tournament')
  do update set created_at = greatest("notifications"."created_at", excluded.created_at)
  returning id, user_id, xmax::text <> '0' as grew
), "joined" as (
  insert into "notification_actors" (notification_id, actor_id)
  select id, $14::int from grp
  on conflict (notification_id, actor_id) do update set created_at = excluded.created_at
), "changed" as (
  select id as "groupId", user_id as "userId", grew as "grewOnly" from grp
)
select c."userId",
  c."groupId",
  c."grewOnly",
  a.answered,
  a."likesCount",
  a."likedByMe"
from (select 1) one
left join (select true as answered, locked_post.likes_count +
  (select count(*) from added)::int as "likesCount", true as "likedByMe" from locked_post) a on true
left join "changed" c on true;

-- A like taken back: DELETE /like/:postId
-- Prepared as "posts_unlike"; its parameters:
--   $1 = postId
--   $2 = postId
--   $3 = userId
--   $4 = userId
--   $5 = "like"
--   $6 = postId
with "locked_post" as (
  select "posts"."id", "posts"."likes_count" from "posts" where "posts"."id" = $1::int
  for no key update
), "removed" as (
  delete from "likes"
  where post_id = $2::int and user_id = $3::int
    and exists (select from locked_post)
  returning post_id
), "gone" as (
  delete from "notification_actors" a using "notifications" n
  where n.id = a.notification_id and a.actor_id = $4::int
    and n.user_id = (select p.author_id from "posts" p join removed on removed.post_id = p.id)::int and n.type = $5::text
    and n.subject_key = $6::int and n.read_at is null
  returning n.user_id as "userId", null::int as "groupId", null::boolean as "grewOnly"
)
select c."userId",
  c."groupId",
  c."grewOnly",
  a.answered,
  a."likesCount",
  a."likedByMe"
from (select 1) one
left join (select true as answered, locked_post.likes_count -
  (select count(*) from removed)::int as "likesCount", false as "likedByMe" from locked_post) a on true
left join "gone" c on true;
