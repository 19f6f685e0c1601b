import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { expect, test, vi } from 'vitest';
import { renderAt } from '@client/test/render';
import { Badge } from './badge';
import { Button } from './button';
import { Card, CardTitle } from './card';
import { TextAreaField, TextField } from './field';
import { LoadError } from './load-error';
import { Page, PageTitle } from './page';
import { RestrictedCard } from './restricted';
import { Spinner } from './spinner';

test('a button is a plain button (never a submit by accident) and answers clicks', async () => {
  const onClick = vi.fn();
  render(
    <form onSubmit={() => expect.unreachable('the form must not be submitted')}>
      <Button onClick={onClick}>Save</Button>
    </form>,
  );
  const button = screen.getByRole('button', { name: 'Save' });
  expect(button).toHaveAttribute('type', 'button');
  await userEvent.click(button);
  expect(onClick).toHaveBeenCalledOnce();
});

test('a disabled button cannot be pressed, whatever its variant', async () => {
  const onClick = vi.fn();
  render(
    <>
      {(['primary', 'secondary', 'outline', 'ghost', 'destructive'] as const).map((variant) => (
        <Button key={variant} variant={variant} disabled onClick={onClick}>
          {variant}
        </Button>
      ))}
    </>,
  );
  for (const name of ['primary', 'secondary', 'outline', 'ghost', 'destructive']) {
    const button = screen.getByRole('button', { name });
    expect(button).toBeDisabled();
    await userEvent.click(button);
  }
  expect(onClick).not.toHaveBeenCalled();
});

test('variants look different from one another, and a submit button submits its form', async () => {
  const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
  render(
    <form onSubmit={onSubmit}>
      <Button>Primary</Button>
      <Button variant="destructive">Delete</Button>
      <Button type="submit" block size="lg">
        Send
      </Button>
    </form>,
  );
  expect(screen.getByRole('button', { name: 'Primary' }).className).not.toBe(screen.getByRole('button', { name: 'Delete' }).className);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSubmit).toHaveBeenCalledOnce();
});

test('asChild renders the link itself with button styles, not a button around it', async () => {
  const { router } = renderAt(
    <Button asChild>
      <Link to="/events">See events</Link>
    </Button>,
  );
  const link = await screen.findByRole('link', { name: 'See events' });
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(link).not.toHaveAttribute('type');
  await userEvent.click(link);
  expect(router.state.location.pathname).toBe('/events');
});

test('a text field is labelled, and its hint describes it', () => {
  render(<TextField label="Email address" hint="We never share it." />);
  const input = screen.getByLabelText('Email address');
  expect(input).toHaveAccessibleDescription('We never share it.');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a field with an error is marked invalid and described by the error (and still by its hint)', () => {
  render(<TextField label="Age" hint="18 or over." error="Please enter your age" />);
  const input = screen.getByLabelText('Age');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('18 or over. Please enter your age');
  expect(screen.getByRole('alert')).toHaveTextContent('Please enter your age');
});

test('a text area field wires its error the same way and passes typing through', async () => {
  const onChange = vi.fn();
  render(<TextAreaField label="About you" error="Please tell us a bit about yourself" onChange={onChange} />);
  const area = screen.getByRole('textbox', { name: 'About you' });
  expect(area.tagName).toBe('TEXTAREA');
  expect(area).toHaveAttribute('aria-invalid', 'true');
  expect(area).toHaveAccessibleDescription('Please tell us a bit about yourself');
  await userEvent.type(area, 'Hi');
  expect(area).toHaveValue('Hi');
  expect(onChange).toHaveBeenCalled();
});

test('two fields with the same label get their own ids', () => {
  render(
    <>
      <TextField label="Name" error="First is wrong" />
      <TextField label="Name" error="Second is wrong" />
    </>,
  );
  const [a, b] = screen.getAllByLabelText('Name');
  expect(a).toHaveAccessibleDescription('First is wrong');
  expect(b).toHaveAccessibleDescription('Second is wrong');
});

test('a load error says what failed and why, and Try again retries', async () => {
  const onRetry = vi.fn();
  render(<LoadError title="We couldn't load your venues" message="Server is down" onRetry={onRetry} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent("We couldn't load your venues");
  expect(alert).toHaveTextContent('Server is down');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledOnce();
});

test('the restricted card offers a visitor a login that comes back to this page', async () => {
  const { router } = renderAt(<RestrictedCard who="hosts" signedIn={false} />, { path: '/venues?tab=2' });
  expect(await screen.findByRole('heading', { name: 'This page is for hosts only' })).toBeInTheDocument();
  expect(screen.getByText('Log in with an account that has host access to see it.')).toBeInTheDocument();
  const login = screen.getByRole('link', { name: 'Log in' });
  expect(login).toHaveAttribute('href', `/login?next=${encodeURIComponent('/venues?tab=2')}`);
  await userEvent.click(login);
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/venues?tab=2')}`);
});

test('the restricted card tells a signed-in member which role to ask for, with no login link', async () => {
  renderAt(<RestrictedCard who="admins" signedIn />);
  expect(await screen.findByRole('heading', { name: 'This page is for admins only' })).toBeInTheDocument();
  expect(screen.getByText(/ask an organiser to give you the admin role/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
});

test('a spinner is announced as a status with its label', () => {
  render(<Spinner label="Loading venues" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading venues…');
});

test('page, title, card and badge show their content', () => {
  render(
    <Page>
      <PageTitle sub="Everyone on the waitlist.">Signups</PageTitle>
      <Card>
        <CardTitle as="h3">Totals</CardTitle>
        <Badge tone="green">Active</Badge>
      </Card>
    </Page>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Signups' })).toBeInTheDocument();
  expect(screen.getByText('Everyone on the waitlist.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 3, name: 'Totals' })).toBeInTheDocument();
  expect(screen.getByText('Active')).toBeInTheDocument();
});
