import { authMessages, storageKeys } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn, makeToken, makeUser } from '../../../test/session-fixtures.ts';

const signUpState = { username: 'ann@acme.com', password: 'Secret12', fname: 'Ann', lname: 'Lee' };
const digit = (n: number) => screen.getByLabelText(`Digit ${n}`);
const allDigits = () => [1, 2, 3, 4, 5, 6].map(digit);
const boxesRead = () =>
  allDigits()
    .map((input) => (input as HTMLInputElement).value)
    .join('');

function openAfterSignUp(search = '') {
  return renderApp({ pathname: '/email-verification', search, state: signUpState });
}

// Pastes a code the server turns down and waits for the page to say so.
async function enterWrongCode(code: string) {
  createFakeServer({ 'POST /api/auth/verify-email': errorBody(400, 'The code is not valid.') });
  const { user } = openAfterSignUp();
  await user.click(await screen.findByLabelText('Digit 1'));
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText(authMessages.verifyCodeFailed)).toBeInTheDocument();
  return user;
}

describe('e-mail verification code entry', () => {
  it('takes one digit per box and moves the focus forward and back', async () => {
    createFakeServer();
    const { user } = openAfterSignUp();
    await user.click(await screen.findByLabelText('Digit 1'));
    await user.keyboard('1x2');
    expect(digit(1)).toHaveValue('1');
    expect(digit(2)).toHaveValue('2');
    expect(digit(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(2)).toHaveFocus();
    expect(digit(2)).toHaveValue('');
  });

  it('fills all six boxes when a whole code is pasted', async () => {
    createFakeServer();
    const { user } = openAfterSignUp();
    await user.click(await screen.findByLabelText('Digit 1'));
    await user.paste('123456');
    expect(boxesRead()).toBe('123456');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('takes the right code typed over a wrong one from the first box, same digits included', async () => {
    const user = await enterWrongCode('130894');

    await user.click(digit(1));
    await user.keyboard('130893');
    expect(boxesRead()).toBe('130893');
    expect(digit(6)).toHaveFocus();
  });

  it('replaces a digit typed over a selected box and clears a filled box with Backspace', async () => {
    createFakeServer();
    const { user } = openAfterSignUp();
    await user.click(await screen.findByLabelText('Digit 1'));
    await user.paste('123456');
    await user.click(digit(3));
    (digit(3) as HTMLInputElement).select();
    await user.keyboard('7');
    expect(digit(3)).toHaveValue('7');
    expect(digit(4)).toHaveFocus();
    // The caret is left of the digit: Backspace still clears this box and stays.
    (digit(4) as HTMLInputElement).setSelectionRange(0, 0);
    await user.keyboard('{Backspace}');
    expect(digit(4)).toHaveValue('');
    expect(digit(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(3)).toHaveValue('');
    expect(digit(3)).toHaveFocus();
  });

  it('marks every box as an error and explains when the code is wrong', async () => {
    await enterWrongCode('000000');
    for (const input of allDigits()) expect(input).toHaveAttribute('aria-invalid', 'true');
    // The wrong code is not an expired session.
    expect(screen.queryByText(authMessages.sessionExpired)).not.toBeInTheDocument();
  });
});

describe('e-mail verification', () => {
  it('logs in with the sign-up credentials after the code is verified', async () => {
    const token = makeToken();
    const server = createFakeServer({
      'POST /api/auth/verify-email': { body: { message: 'ok' } },
      'POST /api/auth/login': { body: { token } },
      'GET /api/auth/user': { body: makeUser() },
    });
    const app = openAfterSignUp('?redirectUrl=%2Fsearch%2Fbulk');
    await app.user.click(await screen.findByLabelText('Digit 1'));
    await app.user.paste('123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(app.location()).toBe('/search/bulk'));
    expect(server.requestsTo('POST /api/auth/verify-email')[0]?.body).toEqual({
      username: 'ann@acme.com',
      code: '123456',
    });
    expect(server.requestsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'ann@acme.com',
      password: 'Secret12',
    });
    expect(localStorage.getItem(storageKeys.token)).toBe(token);
  });

  it('refreshes a logged-in user and goes to redirectUrl', async () => {
    const server = createFakeServer();
    logIn(server, { user: { status: 'not verified' } });
    server.on('POST /api/auth/verify-email', () => {
      server.on('GET /api/auth/user', { body: makeUser({ status: 'active' }) });
      return { body: { message: 'ok' } };
    });
    const app = renderApp('/email-verification?redirectUrl=%2Fsettings%2Faccount');
    await app.user.click(await screen.findByLabelText('Digit 1'));
    await app.user.paste('123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.location()).toBe('/settings/account'));
    expect(server.requestsTo('GET /api/auth/user').length).toBeGreaterThanOrEqual(2);
  });

  it('sends an already active user on to redirectUrl', async () => {
    const server = createFakeServer();
    logIn(server);
    const app = renderApp('/email-verification?redirectUrl=%2Fpurchase');
    await waitFor(() => expect(app.location()).toBe('/purchase'));
  });

  it('resends the code and starts the 60 s cooldown', async () => {
    const server = createFakeServer({
      'POST /api/auth/resend-verification-email': { body: { message: authMessages.codeResent } },
    });
    const { user } = openAfterSignUp();
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(authMessages.codeResent)).toBeInTheDocument();
    expect(server.requestsTo('POST /api/auth/resend-verification-email')[0]?.body).toEqual({
      username: 'ann@acme.com',
    });
    expect(localStorage.getItem(storageKeys.resendCooldown)).not.toBeNull();
    expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  });
});
