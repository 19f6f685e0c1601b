import { expect, test } from 'vitest';
import { connectPayload, METHOD_LABEL, readConnectPayload, statusOf } from './connect-code';

test("a guest's QR code carries the event and their personal code", () => {
  expect(connectPayload(12, 'A1B2C3')).toBe('SFCONNECT:12:A1B2C3');
});

test('a scanned code for this evening is read back, in capitals', () => {
  expect(readConnectPayload(connectPayload(12, 'A1B2C3'), 12)).toEqual({ kind: 'ok', code: 'A1B2C3' });
  expect(readConnectPayload('  SFCONNECT:12:a1b2c3\n', 12)).toEqual({ kind: 'ok', code: 'A1B2C3' });
});

test('a code for another evening is told apart from something that is not ours', () => {
  expect(readConnectPayload('SFCONNECT:13:A1B2C3', 12)).toEqual({ kind: 'other-event' });
  expect(readConnectPayload('https://example.com/menu', 12)).toEqual({ kind: 'not-ours' });
  expect(readConnectPayload('SFCONNECT:12:', 12)).toEqual({ kind: 'not-ours' });
  expect(readConnectPayload('SFCONNECT:12:A1B2C3D4E5F6G', 12)).toEqual({ kind: 'not-ours' });
  expect(readConnectPayload('SFCONNECT:12:A1-B2', 12)).toEqual({ kind: 'not-ours' });
});

test('a connection is Pending until answered, then Match or Declined; someone never seated with the guest is a chat only', () => {
  expect(statusOf({ response: null, canDecide: true })).toBe('Pending');
  expect(statusOf({ response: 'yes', canDecide: true })).toBe('Match');
  expect(statusOf({ response: 'no', canDecide: true })).toBe('Declined');
  expect(statusOf({ response: null, canDecide: false })).toBe('Chat only');
});

test('how a connection was logged, in words', () => {
  expect(METHOD_LABEL).toEqual({ qr: 'QR scan', code: 'Code', list: 'List' });
});
