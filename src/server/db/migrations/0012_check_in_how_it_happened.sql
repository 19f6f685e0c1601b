-- How a guest got in, as it happened (issue 22, docs/decisions/0049-how-a-guest-got-in.md).
-- Check-ins on /arrival were stored as 'arrival': those whose arrival report put the guest at the
-- venue (within 50 m, their accuracy at most 50 m: src/shared/domain/arrival.ts) become 'location',
-- the others 'self' (the guest checked in on their phone, inside the window, from elsewhere).
UPDATE "registrations" r SET "check_in_method" = CASE
  WHEN EXISTS (
    SELECT 1 FROM "arrival_states" a
    WHERE a."event_id" = r."event_id" AND a."user_id" = r."user_id" AND a."permission" = 'granted'
      AND a."distance_m" IS NOT NULL AND a."accuracy_m" IS NOT NULL AND a."accuracy_m" <= 50 AND a."distance_m" <= 50
  ) THEN 'location'
  ELSE 'self'
END
WHERE r."check_in_method" = 'arrival';
