import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anEvent, DAY, fromNow } from '@client/test/fixtures';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { WineWallopScreen } from './wine-wallop-screen';

const demo = anEvent({ id: 1, title: 'Wine Bar Speed Friendship', venue: 'The Wine Bar, Prestwich', price: 1500, date: fromNow(-30 * DAY) });

/** The route composes the emoji widget in (app/routes/wine-wallop.test.tsx); here a stand-in shows which evening it is made for. */
const page = () => renderAt(<WineWallopScreen reactions={(eventId) => <p>{`The reactions of evening ${eventId}`}</p>} />, { path: '/wine-wallop' });

test('/wine-wallop: the demo evening with venue, schedule, what to expect, price, the assessment link, what is included and the reactions of that evening', async () => {
  fakeServer({ 'GET /api/events/demo': demo });
  page();
  expect(await screen.findByRole('heading', { level: 1, name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
  expect(screen.getAllByText('The Wine Bar, Prestwich').length).toBeGreaterThan(0);
  for (const s of ['7:00 PM', '7:00-7:30 PM', '7:30-9:00 PM', 'From 9:00 PM']) expect(screen.getByText(s)).toBeInTheDocument();
  expect(screen.getByText('Arrival')).toBeInTheDocument();
  expect(screen.getByText('After-party (optional)')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'What to expect' })).toBeInTheDocument();
  expect(screen.getByText('£15')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Complete Personality Assessment' })).toHaveAttribute('href', '/register');
  expect(screen.getByRole('heading', { name: "What's included" })).toBeInTheDocument();
  expect(screen.getByText('The reactions of evening 1')).toBeInTheDocument();
});

test('/wine-wallop without demo data shows a friendly card', async () => {
  fakeServer({
    'GET /api/events/demo': new Reply(404, { message: 'No demo event: the demo data is not loaded', error: 'No demo event: the demo data is not loaded' }),
  });
  page();
  expect(await screen.findByRole('heading', { name: 'No demo evening just now' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
});
