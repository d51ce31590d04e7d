import { authMessages, validationMessages as m, storageKeys } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('forgot password', () => {
  it('checks the e-mail as you type', async () => {
    createFakeServer();
    const { user } = renderApp('/auth/forgot-password');
    await user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'x',
    );
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    await user.clear(field('Email'));
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
  });

  it('flags the e-mail when it is left empty', async () => {
    createFakeServer();
    const { user } = renderApp('/auth/forgot-password');
    await user.click(await screen.findByLabelText('Email', { exact: false, selector: 'input' }));
    await user.tab();
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
  });

  it('confirms the link was sent and starts the 60 s cooldown', async () => {
    const server = createFakeServer({
      'POST /api/auth/password/forgot': { body: { message: authMessages.resetLinkSent } },
    });
    const { user } = renderApp('/auth/forgot-password');
    await user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'Ann@acme.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText(authMessages.resetLinkSent)).toBeInTheDocument();
    expect(server.requestsTo('POST /api/auth/password/forgot')[0]?.body).toEqual({
      email: 'ann@acme.com',
    });
    expect(localStorage.getItem(storageKeys.resetCooldown)).not.toBeNull();
    expect(screen.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  });

  it('keeps the cooldown across a reload from its start time in local storage', async () => {
    createFakeServer();
    localStorage.setItem(storageKeys.resetCooldown, String(Date.now()));
    renderApp('/auth/forgot-password');
    expect(await screen.findByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  });

  it('shows the server message when asked again too soon', async () => {
    createFakeServer({
      'POST /api/auth/password/forgot': errorBody(429, 'Please wait a minute before asking again.'),
    });
    const { user } = renderApp('/auth/forgot-password');
    await user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'ann@acme.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Please wait a minute before asking again.'),
    ).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it.each([
    ['abc', m.passwordMin],
    ['abc def', m.passwordSpaces],
    ['abcdefg1', m.passwordCapital],
    ['Abcdefgh', m.passwordNumber],
    ['Abcdefgh1234567890123', m.passwordMax],
  ])('new password "%s" reads "%s"', async (value, message) => {
    createFakeServer();
    const { user } = renderApp('/auth/reset-password?token=t1');
    await user.type(
      await screen.findByLabelText('New password', { exact: false, selector: 'input' }),
      value,
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('flags the new password when it is left empty', async () => {
    createFakeServer();
    const { user } = renderApp('/auth/reset-password?token=t1');
    await user.click(
      await screen.findByLabelText('New password', { exact: false, selector: 'input' }),
    );
    await user.tab();
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('asks the confirmation to match, also when the new password changes afterwards', async () => {
    createFakeServer();
    const { user } = renderApp('/auth/reset-password?token=t1');
    await user.type(
      await screen.findByLabelText('New password', { exact: false, selector: 'input' }),
      'Secret12',
    );
    await user.type(field('Confirm password'), 'Secret1');
    expect(await screen.findByText(m.confirmPasswordMismatch)).toBeInTheDocument();
    await user.type(field('Confirm password'), '2');
    await waitFor(() =>
      expect(screen.queryByText(m.confirmPasswordMismatch)).not.toBeInTheDocument(),
    );
    await user.type(field('New password'), '3');
    expect(await screen.findByText(m.confirmPasswordMismatch)).toBeInTheDocument();
  });

  it('sends the token from the query and goes to login', async () => {
    const server = createFakeServer({
      'POST /api/auth/password/reset': { body: { message: 'Your password has been reset.' } },
    });
    const app = renderApp('/auth/reset-password?token=t1');
    await app.user.type(
      await screen.findByLabelText('New password', { exact: false, selector: 'input' }),
      'Secret12',
    );
    await app.user.type(field('Confirm password'), 'Secret12');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(app.location()).toBe('/auth/login'));
    expect(server.requestsTo('POST /api/auth/password/reset')[0]?.body).toEqual({
      token: 't1',
      password: 'Secret12',
    });
  });

  it.each([400, 500])("reads 'Your link is expired' on a %i", async (status) => {
    createFakeServer({ 'POST /api/auth/password/reset': errorBody(status, 'whatever') });
    const { user } = renderApp('/auth/reset-password?token=old');
    await user.type(
      await screen.findByLabelText('New password', { exact: false, selector: 'input' }),
      'Secret12',
    );
    await user.type(field('Confirm password'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(authMessages.linkExpired)).toBeInTheDocument();
  });
});
