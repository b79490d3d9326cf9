-- A like: POST /like (features/posts/like-service.ts)
-- Prepared as "posts_like"; its parameters:
--   $1 = userId
--   $2 = userId
--   $3 = postId
--   $4 = userId
--   $5 = userId
--   $6 = userId
--   $7 = userId
--   $8 = userId
--   $9 = true
--   $10 = userId
--   $11 = "like"
--   $12 = postId
--   $13 = "like"
--   $14 = postId
--   $15 = postId
--   $16 = null
--   $17 = null
--   $18 = null
--   $19 = userId
with "locked_post" as (
  select "posts"."id", "posts"."likes_count", ((exists (select 1 from "blocks" b where b.blocker_id = $1::int and b.blocked_id = "posts"."author_id"::int) or exists (select 1 from "blocks" b where b.blocker_id = "posts"."author_id"::int and b.blocked_id = $2::int)) or exists (select 1 from "users" s where s.id = "posts"."author_id"::int
  and (s.suspended_at is not null and (s.suspended_until is null or s.suspended_until > now())))) as blocked
  from "posts" where "posts"."id" = $3::int
  for no key update
), "added" as (
  insert into "likes" (post_id, user_id) select id, $4::int from locked_post
  where not locked_post.blocked
  on conflict do nothing returning post_id
), "event" as (
  select r as user_id from (select p.author_id from "posts" p join added on added.post_id = p.id) as recipients(r)
    where r <> $5::int
      and coalesce((select s."like" from "notification_settings" s where s.user_id = r), true)
      and not exists (select 1 from (select b.blocked_id as id from "blocks" b where b.blocker_id = $6::int
  union all select b.blocker_id from "blocks" b where b.blocked_id = $7::int union all select m.muter_id from "mutes" m where m.muted_id = $8::int and m.notifications) x where x.id = r::int)
      and not ($9::boolean and exists (
        select 1 from "notifications" n
        join "notification_actors" a on a.notification_id = n.id and a.actor_id = $10::int
        where n.user_id = r and n.type = $11::text and n.subject_key = $12::int
        for key share of a))
), "grp" as (
  insert into "notifications" (user_id, type, subject_key, post_id, comment_id, match_id, details)
  select user_id, $13::text, $14::int, $15::int, $16::int,
         $17::int, $18::jsonb
  from event
  on conflict (user_id, type, subject_key) where read_at is null and type in ('follow', 'like', 'tournament')
  do update set created_at = greatest("notifications"."created_at", excluded.created_at)
  returning id, user_id, xmax::text <> '0' as grew
), "joined" as (
  insert into "notification_actors" (notification_id, actor_id)
  select id, $19::int from grp
  on conflict (notification_id, actor_id) do update set created_at = excluded.created_at
), "changed" as (
  select id as "groupId", user_id as "userId", grew as "grewOnly" from grp
)
select c."userId",
  c."groupId",
  c."grewOnly",
  a.answered,
  a."likesCount",
  a."likedByMe",
  a."blocked"
from (select 1) one
left join (select true as answered, locked_post.likes_count +
  (select count(*) from added)::int as "likesCount", true as "likedByMe", locked_post.blocked as "blocked" from locked_post) a on true
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
  select "posts"."id", "posts"."likes_count"
  from "posts" where "posts"."id" = $1::int
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
