import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { distanceMetres, isAtVenue } from '@shared/domain/arrival';
import type { Arrival, ArrivalReportBody, Position } from '@shared/schemas/arrival';
import { useReportArrival } from '../api/arrival';
import { nextPrompt, PROMPT_CLOSED, shouldReport, type PromptState, type SentReport } from '../lib/arrival';
import type { Fix, Geolocation } from './use-geolocation';

/** Where the guest is relative to the venue: null without a position or venue coordinates. */
export interface Whereabouts {
  distanceM: number;
  atVenue: boolean;
  accuracyM: number;
}

/** The largest accuracy the server takes (src/shared/schemas/door.ts); a vaguer fix is sent as that. */
const MAX_SENT_ACCURACY_M = 100_000;

export function positionOf(fix: Fix): Position {
  return { latitude: fix.latitude, longitude: fix.longitude, accuracy: Math.min(Math.max(0, fix.accuracy), MAX_SENT_ACCURACY_M) };
}

/**
 * The arrival rules on the guest's phone (docs/spec/organiser-tools.md §4 "Arrival"): distance and
 * At Venue / En Route from the latest position, the "You've Arrived" prompt, and the reports
 * to the server (the host sees who is on the way) while the guest is not yet checked in.
 */
export function useArrivalTracking(arrival: Arrival, geo: Geolocation) {
  const { latitude, longitude } = arrival.venue;
  const checkedIn = arrival.checkedIn;
  const fix = geo.permission === 'granted' ? geo.fix : null;

  const where = useMemo<Whereabouts | null>(() => {
    if (!fix || latitude === null || longitude === null) return null;
    const distanceM = distanceMetres(fix, { latitude, longitude });
    return { distanceM, atVenue: isAtVenue(distanceM, fix.accuracy), accuracyM: fix.accuracy };
  }, [fix, latitude, longitude]);

  // The prompt follows each new position and the check-in state.
  const [prompt, setPrompt] = useState<PromptState>(PROMPT_CLOSED);
  useEffect(() => {
    if (where) setPrompt((s) => nextPrompt(s, { atVenue: where.atVenue, distanceM: where.distanceM, checkedIn }));
    else if (checkedIn) setPrompt((s) => (s.open ? { ...s, open: false } : s));
  }, [where, checkedIn]);
  const dismiss = useCallback(() => setPrompt({ open: false, dismissed: true }), []);

  usePositionReports(arrival.event.id, geo.permission, fix, where, checkedIn);

  return { where, prompt: prompt.open, dismiss };
}

/**
 * Positions go to the server when they matter (lib/arrival.ts shouldReport), one request at a
 * time: a report due while one is on its way waits and is sent as soon as that one is answered
 * (only the newest). A refusal of location is reported once. Nothing is sent once checked in.
 */
function usePositionReports(eventId: number, permission: Geolocation['permission'], fix: Fix | null, where: Whereabouts | null, checkedIn: boolean) {
  const { mutateAsync } = useReportArrival(eventId);
  const last = useRef<SentReport | null>(null);
  const inFlight = useRef(false);
  const queued = useRef<ArrivalReportBody | null>(null);
  const deniedSent = useRef(false);

  const send = useCallback(
    function send(body: ArrivalReportBody) {
      if (inFlight.current) {
        queued.current = body;
        return;
      }
      inFlight.current = true;
      mutateAsync(body)
        .catch((err: unknown) => console.warn('Arrival report failed', err))
        .finally(() => {
          inFlight.current = false;
          const next = queued.current;
          queued.current = null;
          if (next) send(next);
        });
    },
    [mutateAsync],
  );

  useEffect(() => {
    if (checkedIn || !fix || !where) return;
    const now = Date.now();
    if (!shouldReport(last.current, where, now)) return;
    last.current = { atVenue: where.atVenue, distanceM: where.distanceM, at: now };
    send({ permission: 'granted', position: positionOf(fix) });
  }, [checkedIn, fix, where, send]);

  useEffect(() => {
    if (permission !== 'denied') {
      deniedSent.current = false;
      return;
    }
    if (checkedIn || deniedSent.current) return;
    deniedSent.current = true;
    last.current = null;
    send({ permission: 'denied' });
  }, [permission, checkedIn, send]);
}
