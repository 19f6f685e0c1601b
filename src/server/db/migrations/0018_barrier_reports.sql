CREATE TABLE "barrier_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"description" text NOT NULL,
	"reply_to" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "barrier_reports" ADD CONSTRAINT "barrier_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barrier_reports_created_idx" ON "barrier_reports" USING btree ("created_at");