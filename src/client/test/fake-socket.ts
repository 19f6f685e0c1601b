/**
 * A fake live socket at the edge of the world: `fakeSockets()` stubs the global `WebSocket`, so
 * the code under test opens FakeWebSockets. A test plays the server: it accepts a connection,
 * pushes messages shaped like src/shared/realtime.ts, drops the line, and reads what the client
 * sent (parsed JSON). Server-side actions run inside React's act().
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ClientMessage, ServerMessage, TimerStateMessage } from '@shared/realtime';

type Handler = ((ev: never) => void) | null;

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  /** Every socket opened since the last fakeSockets(). */
  static all: FakeWebSocket[] = [];
  static autoOpen = true;

  readyState = FakeWebSocket.CONNECTING;
  onopen: Handler = null;
  onmessage: Handler = null;
  onclose: Handler = null;
  onerror: Handler = null;
  /** What the client sent, parsed. */
  readonly sent: ClientMessage[] = [];
  /** The client called close(). */
  closedByClient = false;
  readonly url: string;
  readonly query: URLSearchParams;

  constructor(url: string | URL) {
    this.url = String(url);
    this.query = new URLSearchParams(this.url.split('?')[1] ?? '');
    FakeWebSocket.all.push(this);
    if (FakeWebSocket.autoOpen) queueMicrotask(() => this.readyState === FakeWebSocket.CONNECTING && this.accept());
  }

  // ---- the client's side ----

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new DOMException('WebSocket is not open', 'InvalidStateError');
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close() {
    if (this.readyState >= FakeWebSocket.CLOSING) return;
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSING;
    queueMicrotask(() => {
      this.readyState = FakeWebSocket.CLOSED;
      (this.onclose as ((e: { code: number; wasClean: boolean }) => void) | null)?.({ code: 1000, wasClean: true });
    });
  }

  // ---- the server's side ----

  /** The server accepts the connection. */
  accept() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      (this.onopen as ((e: object) => void) | null)?.({});
    });
  }

  /** The server sends a message of the shared union. */
  push(message: ServerMessage) {
    this.pushRaw(JSON.stringify(message));
  }

  /** The server sends any text (to test what the client does with junk). */
  pushRaw(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error(`push on a socket that is not open (${this.url})`);
    act(() => {
      (this.onmessage as ((e: { data: string }) => void) | null)?.({ data });
    });
  }

  /** The line drops (server restart, lost Wi-Fi). */
  drop(code = 1006) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      (this.onclose as ((e: { code: number; wasClean: boolean }) => void) | null)?.({ code, wasClean: false });
    });
  }

  get isOpen() {
    return this.readyState === FakeWebSocket.OPEN;
  }
}

/**
 * Stub `WebSocket` for this test (undone by vi.unstubAllGlobals in the set-up). With `autoOpen`
 * (the default) the server accepts every connection on the next microtask.
 */
export function fakeSockets({ autoOpen = true }: { autoOpen?: boolean } = {}) {
  FakeWebSocket.all = [];
  FakeWebSocket.autoOpen = autoOpen;
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const open = () => FakeWebSocket.all.filter((s) => s.isOpen);
  return {
    get all() {
      return FakeWebSocket.all;
    },
    /** The newest socket (throws when none was opened). */
    last(): FakeWebSocket {
      const s = FakeWebSocket.all.at(-1);
      if (!s) throw new Error('No WebSocket was opened');
      return s;
    },
    /** Open sockets of one event. */
    of(eventId: number) {
      return open().filter((s) => s.query.get('eventId') === String(eventId));
    },
    /** The server sends `message` to every open socket (of one event, when given). */
    broadcast(message: ServerMessage, eventId?: number) {
      (eventId === undefined ? open() : open().filter((s) => s.query.get('eventId') === String(eventId))).forEach((s) => s.push(message));
    },
    /** Everything every client sent, in order of sockets. */
    sent(): ClientMessage[] {
      return FakeWebSocket.all.flatMap((s) => s.sent);
    },
  };
}

/** Wait for the pending microtasks (auto-open, close events) to run. */
export const settle = () =>
  act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });

let version = 1;

/** Versions start again at 1 for every test (src/client/test/setup.ts): test files share this module when not isolated. */
export function resetTimerVersions() {
  version = 1;
}

/**
 * A timer state as the server sends it. `secondsLeft` sets the time remaining now; a running
 * phase (active, grace) gets `endsAt` that far ahead of the server's clock. `serverNow` defaults
 * to the local clock (pass `clockAhead` ms for a server whose clock runs ahead). Versions increase.
 */
export function timerState({
  secondsLeft,
  clockAhead = 0,
  ...fields
}: Partial<TimerStateMessage> & { secondsLeft?: number; clockAhead?: number } = {}): TimerStateMessage {
  const phase = fields.phase ?? 'idle';
  const roundDuration = fields.roundDuration ?? 300;
  const serverNow = fields.serverNow ?? Date.now() + clockAhead;
  const timeRemaining =
    fields.timeRemaining ?? secondsLeft ?? (phase === 'idle' || phase === 'ended' ? (phase === 'ended' ? 0 : roundDuration) : roundDuration);
  const runs = phase === 'active' || phase === 'grace';
  return {
    phase,
    currentRound: fields.currentRound ?? 0,
    roundDuration,
    autoAdvance: fields.autoAdvance ?? false,
    isActive: fields.isActive ?? runs,
    serverNow,
    timeRemaining,
    endsAt: fields.endsAt !== undefined ? fields.endsAt : runs ? serverNow + timeRemaining * 1000 : null,
    version: fields.version ?? version++,
  };
}

type StateType = Extract<ServerMessage, { serverNow: number }>['type'];

/** A state message: `timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300 })`. */
export function timerMessage(type: StateType, fields: Parameters<typeof timerState>[0] = {}): ServerMessage {
  return { type, ...timerState(fields) } as ServerMessage;
}
