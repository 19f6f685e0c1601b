import { useCallback, useEffect, useState } from 'react';
import { URGENT_VIBRATION_MS } from '@shared/domain/arrival';
import type { InboxMessage } from '@shared/schemas/messages';
import { TYPE_LABELS } from '../lib/messages';

export type NotificationState = NotificationPermission | 'unsupported';

const api = (): typeof Notification | null => (typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null);

/** The browser's permission now ('unsupported' where there is no Notification API). */
export function notificationPermission(): NotificationState {
  return api()?.permission ?? 'unsupported';
}

/**
 * The browser's notification permission (docs/spec/organiser-tools.md §4 "Attendee message"): asked
 * on load while undecided; `request` asks again, which browsers allow only while it is 'default'.
 */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<NotificationState>(notificationPermission);

  const request = useCallback(async () => {
    const N = api();
    if (!N || N.permission !== 'default') return;
    try {
      setPermission(await N.requestPermission());
    } catch {
      // Older browsers only take a callback, and some refuse outside a tap: keep what they say now.
      setPermission(N.permission);
    }
  }, []);

  useEffect(() => {
    if (notificationPermission() === 'default') void request();
  }, [request]);

  // The guest may change it in the site settings while the page is open.
  useEffect(() => {
    const refresh = () => setPermission(notificationPermission());
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);

  return { permission, request };
}

/**
 * A host message just arrived (docs/spec/organiser-tools.md §4, §9): an urgent one vibrates
 * 200-100-200 ms; while the page is hidden, the browser shows a notification if allowed.
 */
export function alertArrival(message: InboxMessage, eventTitle: string) {
  if (message.type === 'urgent' && typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate([...URGENT_VIBRATION_MS]);
    } catch {
      // Vibration is a courtesy: a browser that refuses it changes nothing.
    }
  }
  const N = api();
  if (!N || N.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  try {
    const urgent = message.type === 'urgent' || message.requiresAction;
    new N(urgent ? `${TYPE_LABELS[message.type]}: ${eventTitle}` : eventTitle, {
      body: message.text,
      tag: `message-${message.id}`,
      requireInteraction: urgent,
    });
  } catch {
    // Some phones only notify through a service worker: the inbox still has the message.
  }
}
