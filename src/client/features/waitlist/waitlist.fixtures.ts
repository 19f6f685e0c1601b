/** Typed fixtures for the signup forms. */
import { Reply } from '@client/test/render';

/** A refusal as the server's error handler writes it. */
export const refusal = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });

export const TAKEN = 'An account with this email already exists. Please log in instead.';
