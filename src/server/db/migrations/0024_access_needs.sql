CREATE TABLE "access_needs" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_needs_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "access_needs" ADD CONSTRAINT "access_needs_registration_fk" FOREIGN KEY ("event_id","user_id") REFERENCES "public"."registrations"("event_id","user_id") ON DELETE cascade ON UPDATE no action;