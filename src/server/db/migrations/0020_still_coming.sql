CREATE TABLE "resale_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_by_user_id" integer,
	"taken_at" timestamp with time zone,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "resale_refunds_status" CHECK ("resale_refunds"."status" IN ('waiting', 'due', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "still_coming" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"refund_kind" text,
	"refund_amount" integer,
	CONSTRAINT "still_coming_answer" CHECK ("still_coming"."answer" IS NULL OR "still_coming"."answer" IN ('yes', 'no'))
);
--> statement-breakpoint
ALTER TABLE "resale_refunds" ADD CONSTRAINT "resale_refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_refunds" ADD CONSTRAINT "resale_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_refunds" ADD CONSTRAINT "resale_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_refunds" ADD CONSTRAINT "resale_refunds_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "still_coming" ADD CONSTRAINT "still_coming_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "still_coming" ADD CONSTRAINT "still_coming_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resale_refunds_payment" ON "resale_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "resale_refunds_queue" ON "resale_refunds" USING btree ("event_id","status","released_at");--> statement-breakpoint
CREATE UNIQUE INDEX "still_coming_once" ON "still_coming" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "still_coming_token" ON "still_coming" USING btree ("token_hash");