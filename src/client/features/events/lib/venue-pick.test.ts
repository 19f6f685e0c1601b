import { describe, expect, test } from 'vitest';
import { venue } from '@client/test/venues.fixtures';
import { findVenue } from './venue-pick';

describe('finding the venue a host typed', () => {
  const wine = venue({ id: 1, name: 'The Wine Wallop', address: '12 Bury New Road', city: 'Prestwich' });
  const brew = venue({ id: 3, name: 'Café Brew', address: '', city: 'Whitefield' });

  test('case and spacing do not matter', () => {
    expect(findVenue([wine, brew], { name: ' the wine  wallop', address: '12 bury new road', city: 'PRESTWICH' })?.id).toBe(1);
  });

  test('another address is another venue', () => {
    expect(findVenue([wine], { name: 'The Wine Wallop', address: '14 Bury New Road', city: 'Prestwich' })).toBeUndefined();
  });

  test('a venue saved without an address is found when the host adds one, so no duplicate is made', () => {
    expect(findVenue([wine, brew], { name: 'Café Brew', address: '3 Bank Street', city: 'Whitefield' })?.id).toBe(3);
  });
});
