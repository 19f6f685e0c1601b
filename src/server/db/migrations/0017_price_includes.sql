ALTER TABLE "events" ADD COLUMN "price_includes" text;--> statement-breakpoint
-- Every evening's page promised this until hosts could say what their price includes: evenings that exist keep the promise (docs/decisions/0072).
UPDATE "events" SET "price_includes" = 'Venue access and a welcome drink';
