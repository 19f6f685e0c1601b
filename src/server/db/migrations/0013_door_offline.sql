CREATE TABLE "door_check_ins" (
	"event_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "door_check_ins_event_id_key_pk" PRIMARY KEY("event_id","key")
);
--> statement-breakpoint
CREATE TABLE "door_desks" (
	"event_id" integer NOT NULL,
	"desk_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "door_desks_event_id_desk_id_pk" PRIMARY KEY("event_id","desk_id")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "check_in_desk" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "check_in_key" uuid;--> statement-breakpoint
ALTER TABLE "door_check_ins" ADD CONSTRAINT "door_check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_desks" ADD CONSTRAINT "door_desks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;