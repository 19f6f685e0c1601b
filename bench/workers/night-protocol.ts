/**
 * What the night bench (bench/sections/night.ts) and its load generator (./night-client.ts) say to
 * each other: the guests and hosts a generator plays, the commands it takes, and the answer each
 * command gets.
 */
import type { Job, Timed } from './night-http';
import type WebSocket from 'ws';

export interface Guest {
  id: number;
  cookie: string;
  eventId: number;
  base: string;
  ticketCode: string;
  hostCookie: string;
  ws?: WebSocket;
  /** Partner id per round, from `mine` (null: a bye). */
  partners: Map<number, number | null>;
  roundAt?: number;
  /** The last round whose conversation-guide question the phone asked for. */
  guideRound?: number;
  /** The questions heard on the socket after a bell (docs/decisions/0147), by round: their text ('' for none). */
  heard?: Map<number, string>;
  /** When the armed round's question was heard on the socket. */
  questionAt?: number;
  /** The rounds whose question the phone asked for and was answered 2xx. */
  askedOk?: Set<number>;
  messageAt?: number;
  releasedAt?: number;
  /** The release: when GET /matches/:userId answered, and how many matches it held. */
  matchesAt?: number;
  matches?: number;
}

export interface HostUser {
  id: number;
  eventId: number;
  cookie: string;
  base: string;
}

export type Msg =
  | { type: 'open'; users: Omit<Guest, 'partners'>[]; concurrency: number }
  | { type: 'door'; windowMs: number; selfShare: number }
  | { type: 'arm'; round: number }
  | { type: 'count' }
  | { type: 'rate'; round: number; spreadMs: number; quickShare: number; label: string }
  | { type: 'message'; readSpreadMs: number }
  | { type: 'release' }
  | { type: 'feedback'; spreadMs: number }
  | { type: 'fire'; jobs: Job[] }
  | { type: 'replay'; jobs: Timed[] }
  | { type: 'hosts'; hosts: HostUser[] }
  | { type: 'host'; kind: string; method: string; path: string; body?: unknown }
  | { type: 'report' }
  | { type: 'close' };

/** The type of each command's answer: a failure answers with it too, so the bench's `ask` rejects. */
export const ANSWER: Record<Msg['type'], string> = {
  open: 'opened',
  door: 'door',
  arm: 'armed',
  count: 'count',
  rate: 'rated',
  message: 'armed',
  release: 'armed',
  feedback: 'feedback',
  fire: 'fired',
  replay: 'fired',
  hosts: 'hosts',
  host: 'host',
  report: 'report',
  close: 'closed',
};
