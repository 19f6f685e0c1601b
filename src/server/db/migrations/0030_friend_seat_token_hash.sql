-- A friend's seat keeps only the SHA-256 of its claim link's secret (docs/decisions/0124): the links already mailed keep working, since each is checked by its hash.
ALTER TABLE "friend_seats" RENAME COLUMN "token" TO "token_hash";
--> statement-breakpoint
UPDATE "friend_seats" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');
--> statement-breakpoint
ALTER INDEX "friend_seats_token_unique" RENAME TO "friend_seats_token_hash_unique";
