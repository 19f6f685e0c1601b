import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { setBaseTitle, useDocumentTitle } from './document-title';

function Titled({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

test("a page's own title shows while it is mounted, then the route's base title returns", () => {
  setBaseTitle('Events · Speed Friendship');
  expect(document.title).toBe('Events · Speed Friendship');

  const page = render(<Titled title="Friday Social · Speed Friendship" />);
  expect(document.title).toBe('Friday Social · Speed Friendship');

  page.rerender(<Titled title="Saturday Social · Speed Friendship" />);
  expect(document.title).toBe('Saturday Social · Speed Friendship');

  page.unmount();
  expect(document.title).toBe('Events · Speed Friendship');
});

test('the newest override wins; removing it reveals the one below', () => {
  setBaseTitle('Base');
  const outer = render(<Titled title="Event" />);
  const inner = render(<Titled title="Round timer" />);
  expect(document.title).toBe('Round timer');

  setBaseTitle('Other base');
  expect(document.title).toBe('Round timer');

  inner.unmount();
  expect(document.title).toBe('Event');
  outer.unmount();
  expect(document.title).toBe('Other base');
});
