CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_days" (
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_days_user_id_date_pk" PRIMARY KEY("user_id","date"),
	CONSTRAINT "leave_days_type" CHECK ("leave_days"."type" in ('sick', 'unpaid'))
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_maps" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"map1_id" integer,
	"map2_id" integer,
	"map3_id" integer
);
--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tournament_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round" text NOT NULL,
	"match_index" integer NOT NULL,
	"team1_id" integer,
	"team2_id" integer,
	"winner_id" integer,
	"score" text,
	"match_date" date,
	"match_time" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_matches_slot" UNIQUE("round","match_index"),
	CONSTRAINT "tournament_matches_index" CHECK (("tournament_matches"."round" = 'round1' and "tournament_matches"."match_index" between 0 and 3) or ("tournament_matches"."round" = 'round2' and "tournament_matches"."match_index" between 0 and 1) or ("tournament_matches"."round" = 'final' and "tournament_matches"."match_index" = 0)),
	CONSTRAINT "tournament_matches_two_players" CHECK ("tournament_matches"."team1_id" <> "tournament_matches"."team2_id"),
	CONSTRAINT "tournament_matches_score" CHECK ("tournament_matches"."score" ~ '^[0-9]{1,2}:[0-9]{1,2}$')
);
--> statement-breakpoint
CREATE TABLE "tournament_participants" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_days" ADD CONSTRAINT "leave_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_match_id_tournament_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."tournament_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_map1_id_maps_id_fk" FOREIGN KEY ("map1_id") REFERENCES "public"."maps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_map2_id_maps_id_fk" FOREIGN KEY ("map2_id") REFERENCES "public"."maps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_map3_id_maps_id_fk" FOREIGN KEY ("map3_id") REFERENCES "public"."maps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_team1_id_tournament_participants_user_id_fk" FOREIGN KEY ("team1_id") REFERENCES "public"."tournament_participants"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_team2_id_tournament_participants_user_id_fk" FOREIGN KEY ("team2_id") REFERENCES "public"."tournament_participants"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_winner_id_tournament_participants_user_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."tournament_participants"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maps_name_lower_key" ON "maps" USING btree (lower("name"));