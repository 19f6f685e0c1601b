import { describe, expect, test } from 'vitest';
import { formatCardNumber, formatExpiry, testCardForm } from './card';

describe('what the card fields show while typing', () => {
  test('the card number is grouped in fours, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  test('the expiry gains its slash once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });
});

describe('the test card form is checked before anything is sent', () => {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');
  const errors = (v: { cardNumber: string; expiry: string; cvc: string }) => {
    const r = testCardForm.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  test('a complete card passes, its number as digits only', () => {
    const r = testCardForm.safeParse({ cardNumber: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvc: '123' });
    expect(r.success && r.data.cardNumber).toBe('4242424242424242');
  });

  test('empty fields each say what to enter', () => {
    expect(errors({ cardNumber: '', expiry: '', cvc: '' })).toEqual(
      expect.arrayContaining(['Enter your card number', 'Enter the expiry date', 'Enter the security code']),
    );
  });

  test('a short number, a bad month, an expired card and a short code are refused', () => {
    expect(errors({ cardNumber: '4242 4242', expiry: `12/${nextYear}`, cvc: '123' })).toEqual(['Your card number is incomplete.']);
    expect(errors({ cardNumber: '4242424242424242', expiry: `13/${nextYear}`, cvc: '123' })).toEqual(['Enter the expiry date as MM/YY']);
    expect(errors({ cardNumber: '4242424242424242', expiry: `01/${lastYear}`, cvc: '123' })).toEqual(["Your card's expiration date is in the past."]);
    expect(errors({ cardNumber: '4242424242424242', expiry: `12/${nextYear}`, cvc: '12' })).toEqual(["Your card's security code is incomplete."]);
  });

  test('a card expiring this month is still valid', () => {
    const d = new Date();
    const thisMonth = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
    expect(errors({ cardNumber: '4242424242424242', expiry: thisMonth, cvc: '123' })).toEqual([]);
  });
});
