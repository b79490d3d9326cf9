-- The chat page walks its pair newest first and stops at the page (features/messages/chat-page.ts);
-- the id-ordered pair index it replaces was read by no query. Built inside the migration, so it
-- holds writes to messages for the seconds it takes on a large table.
DROP INDEX "messages_pair_idx";--> statement-breakpoint
CREATE INDEX "messages_pair_time_idx" ON "messages" USING btree (least("sender_id", "receiver_id"),greatest("sender_id", "receiver_id"),"created_at","id");