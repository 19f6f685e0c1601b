import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ConnectionNotice } from './connection-notice';

test('an open line says nothing', () => {
  render(<ConnectionNotice status="open" host={false} />);
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('a guest is told when the timer is connecting or reconnecting', () => {
  const { rerender } = render(<ConnectionNotice status="connecting" host={false} />);
  expect(screen.getByRole('status')).toHaveTextContent('Connecting to timer...');
  rerender(<ConnectionNotice status="reconnecting" host={false} />);
  expect(screen.getByRole('status')).toHaveTextContent('Reconnecting to timer...');
});

test('the host is told the timer service is connecting', () => {
  const { rerender } = render(<ConnectionNotice status="reconnecting" host />);
  expect(screen.getByRole('status')).toHaveTextContent('Connecting to timer service...');
  rerender(<ConnectionNotice status="closed" host />);
  expect(screen.getByRole('status')).toHaveTextContent('Connecting to timer service...');
});
