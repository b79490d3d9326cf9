-- The signed-in browsers a member can see and end (one per refresh-token family), the browsers
-- they signed in with (for the new-browser alert), and the durable jobs (mail, exports).
CREATE TABLE "known_browsers" (
	"user_id" integer NOT NULL,
	"browser" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_seen_at" timestamp with time zone,
	CONSTRAINT "known_browsers_user_id_browser_pk" PRIMARY KEY("user_id","browser")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_browsers" ADD CONSTRAINT "known_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
-- Sessions begun before this table: listed with an unknown browser until their next refresh.
INSERT INTO "sessions" ("family_id", "user_id", "user_agent", "ip", "created_at", "last_seen_at", "expires_at")
SELECT "family_id", min("user_id"), '', '', min("created_at"), max("created_at"), max("expires_at")
FROM "refresh_tokens"
GROUP BY "family_id"
HAVING bool_and("revoked_at" IS NULL) AND max("expires_at") > now();
