CREATE TABLE "friend_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"status" text NOT NULL,
	"holds_seat" boolean DEFAULT false NOT NULL,
	"payment_id" integer,
	"share_amount" integer DEFAULT 0 NOT NULL,
	"refund_id" text,
	"expires_at" timestamp with time zone,
	"accepted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "friend_seats_hold" CHECK (NOT "friend_seats"."holds_seat" OR "friend_seats"."kind" = 'bring')
);
--> statement-breakpoint
ALTER TABLE "friend_seats" ADD CONSTRAINT "friend_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_seats" ADD CONSTRAINT "friend_seats_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_seats" ADD CONSTRAINT "friend_seats_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_seats" ADD CONSTRAINT "friend_seats_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_seats_token_unique" ON "friend_seats" USING btree ("token");--> statement-breakpoint
CREATE INDEX "friend_seats_event_idx" ON "friend_seats" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "friend_seats_email_idx" ON "friend_seats" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "friend_seats_one_open" ON "friend_seats" USING btree ("event_id","from_user_id") WHERE "friend_seats"."status" IN ('awaiting_payment', 'pending');