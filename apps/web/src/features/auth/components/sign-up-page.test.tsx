import { authMessages, validationMessages as m } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function openSignUp(path = '/signup') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign Up' });
  return app;
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('sign-up validation, shown as you type (product-spec §5)', () => {
  it.each([
    ['a', m.passwordMin],
    ['ab cdef', m.passwordSpaces],
    ['abcdefgh', m.passwordCapital],
    ['Abcdefgh', m.passwordNumber],
    ['Abcdefgh1234567890123', m.passwordMax],
  ])('password "%s" reads "%s"', async (value, message) => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.type(field('Password'), value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks for the password again when it is cleared', async () => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.type(field('Password'), 'A');
    await user.clear(field('Password'));
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('flags every field left empty when the user tabs past it', async () => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.click(field('Email'));
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(m.firstNameMin)).toBeInTheDocument();
    expect(screen.getByText(m.lastNameMin)).toBeInTheDocument();
  });

  it('accepts a good password without a message', async () => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.type(field('Password'), 'Secret12');
    await waitFor(() => expect(field('Password')).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('checks the e-mail', async () => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.type(field('Email'), 'ann@');
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    await user.clear(field('Email'));
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
  });

  it.each([
    ['First Name', 'A', 'First Name must be at least 2 characters'],
    ['First Name', 'A'.repeat(51), 'First Name must be at most 50 characters'],
    ['First Name', 'Ann3', 'Invalid First Name'],
    ['Last Name', 'L', 'Last Name must be at least 2 characters'],
    ['Last Name', 'L'.repeat(51), 'Last Name must be at most 50 characters'],
    ['Last Name', 'Lee!', 'Invalid Last Name'],
  ])('%s "%s" reads "%s"', async (label, value, message) => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.type(field(label), value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('accepts names with marks, apostrophes, hyphens and periods', async () => {
    createFakeServer();
    const { user } = await openSignUp();
    await user.type(field('First Name'), 'Zoë-Ann');
    await user.type(field('Last Name'), 'O’Neil Jr.');
    await waitFor(() => expect(screen.queryByText(/Invalid/)).not.toBeInTheDocument());
  });
});

describe('sign-up', () => {
  async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(field('Email'), 'Ann@Acme.com');
    await user.type(field('Password'), 'Secret12');
    await user.type(field('First Name'), 'Ann');
    await user.type(field('Last Name'), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  }

  it('goes to /email-verification with the redirectUrl and the credentials in state', async () => {
    const server = createFakeServer({
      'POST /api/auth/signup': { status: 201, body: { id: 'u1', username: 'ann@acme.com' } },
    });
    const app = await openSignUp('/signup?redirectUrl=%2Fpurchase');
    await fillAndSubmit(app.user);
    await waitFor(() => expect(app.location()).toBe('/email-verification?redirectUrl=%2Fpurchase'));
    expect(server.requestsTo('POST /api/auth/signup')[0]?.body).toEqual({
      username: 'ann@acme.com',
      password: 'Secret12',
      fname: 'Ann',
      lname: 'Lee',
    });
    expect(app.router.state.location.state).toEqual({
      username: 'ann@acme.com',
      password: 'Secret12',
      fname: 'Ann',
      lname: 'Lee',
    });
  });

  it('starts the 60-second resend cooldown, since sign-up has just sent the code (product-spec §4)', async () => {
    createFakeServer({
      'POST /api/auth/signup': { status: 201, body: { id: 'u1', username: 'ann@acme.com' } },
    });
    const app = await openSignUp();
    await fillAndSubmit(app.user);
    expect(
      await screen.findByRole('button', { name: /^Resend code in (60|59) s$/ }),
    ).toBeDisabled();
  });

  it.each([
    [409, authMessages.disposableEmail],
    [400, authMessages.accountExists],
  ])('shows the server message on %i', async (status, message) => {
    createFakeServer({ 'POST /api/auth/signup': errorBody(status, message) });
    const app = await openSignUp();
    await fillAndSubmit(app.user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("shows 'Failed to sign up' on any other failure", async () => {
    createFakeServer({ 'POST /api/auth/signup': errorBody(500, 'boom') });
    const app = await openSignUp();
    await fillAndSubmit(app.user);
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.signUpFailed);
  });
});
