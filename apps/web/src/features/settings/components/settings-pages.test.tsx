import { authMessages, validationMessages as m, storageKeys } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../../shared/api/clients.ts';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn, makeToken, makeUser } from '../../../test/session-fixtures.ts';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('account settings', () => {
  it('shows the e-mail read-only and saves the names', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('PATCH /api/auth/user', { body: makeUser({ fname: 'Anna' }) });
    const { user } = renderApp('/settings/account');
    await screen.findByRole('heading', { name: 'Account Settings' });
    await waitFor(() => expect(field('Email')).toHaveValue('ann@acme.com'));
    expect(field('Email')).toHaveAttribute('readonly');

    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'A');
    expect(await screen.findByText(m.firstNameMin)).toBeInTheDocument();
    await user.type(field('First Name'), 'nna');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(authMessages.profileUpdated)).toBeInTheDocument();
    expect(server.requestsTo('PATCH /api/auth/user')[0]?.body).toEqual({
      fname: 'Anna',
      lname: 'Lee',
    });
  });

  it('checks the last name as you type', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = renderApp('/settings/account');
    await waitFor(() => expect(field('Last Name')).toHaveValue('Lee'));
    await user.type(field('Last Name'), '7');
    expect(await screen.findByText(m.lastNameInvalid)).toBeInTheDocument();
  });
});

describe('password settings', () => {
  async function openPassword() {
    const server = createFakeServer();
    logIn(server);
    const app = renderApp('/settings/password');
    await screen.findByRole('heading', { name: 'Password' });
    return { server, ...app };
  }

  it('checks every field as you type', async () => {
    const { user } = await openPassword();
    await user.type(field('Old password'), 'x');
    await user.clear(field('Old password'));
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
    await user.type(field('New password'), 'secret12');
    expect(await screen.findByText(m.passwordCapital)).toBeInTheDocument();
    await user.type(field('Confirm password'), 'other');
    expect(await screen.findByText(m.confirmPasswordMismatch)).toBeInTheDocument();
  });

  it('flags the old password when the user moves on without it', async () => {
    const { user } = await openPassword();
    await user.click(field('Old password'));
    await user.tab();
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('tells the user when the old password is wrong', async () => {
    const { server, user } = await openPassword();
    server.on('PATCH /api/auth/user/password', errorBody(400, authMessages.wrongOldPassword));
    await user.type(field('Old password'), 'Wrong123');
    await user.type(field('New password'), 'Secret12');
    await user.type(field('Confirm password'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(authMessages.wrongOldPassword)).toBeInTheDocument();
  });

  // Old password Secret12 becomes Secret34.
  const changePassword = async (user: UserEvent) => {
    await user.type(field('Old password'), 'Secret12');
    await user.type(field('New password'), 'Secret34');
    await user.type(field('Confirm password'), 'Secret34');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  };

  it('stores the fresh token after the change', async () => {
    const { server, user } = await openPassword();
    const fresh = makeToken({ expiresInSeconds: 7200 });
    server.on('PATCH /api/auth/user/password', { body: { token: fresh } });
    await changePassword(user);
    expect(await screen.findByText(authMessages.passwordUpdated)).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe(fresh);
    expect(server.requestsTo('PATCH /api/auth/user/password')[0]?.body).toEqual({
      oldPassword: 'Secret12',
      newPassword: 'Secret34',
    });
  });

  it('keeps this session logged in with the fresh token, even for a call sent just before', async () => {
    const { server, user, location } = await openPassword();
    const fresh = makeToken({ expiresInSeconds: 7200 });
    const balance = { balance: 25, onHold: 0, plan: makeUser().plan, leadSearchBalance: 10 };
    // After the change the server refuses the old token; a call made with it is still on its way.
    let refuseOldToken: () => void = () => {};
    server.on('GET /api/auth/user/balance', (request) =>
      request.headers.get('Authorization') === fresh
        ? { body: balance }
        : new Promise((resolve) => {
            refuseOldToken = () => resolve(errorBody(401, authMessages.unauthorized));
          }),
    );
    server.on('PATCH /api/auth/user/password', { body: { token: fresh } });
    const balanceCall = apiClient.get('/auth/user/balance');

    await changePassword(user);
    expect(await screen.findByText(authMessages.passwordUpdated)).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe(fresh);

    refuseOldToken();
    await expect(balanceCall).resolves.toEqual(balance);
    expect(location()).toBe('/settings/password');
    expect(screen.queryByText(authMessages.sessionExpired)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe(fresh);
  });

  it('sends Google users to the account page', async () => {
    const server = createFakeServer();
    logIn(server, { auth: 'google' });
    const app = renderApp('/settings/password');
    await waitFor(() => expect(app.location()).toBe('/settings/account'));
    expect(screen.queryByRole('tab', { name: 'Password' })).not.toBeInTheDocument();
  });
});

describe('delete account', () => {
  it('tells the user when the password is wrong', async () => {
    const server = createFakeServer({
      'DELETE /api/auth/user': errorBody(400, authMessages.wrongPasswordOnDelete),
    });
    logIn(server);
    const { user } = renderApp('/settings/delete');
    await user.type(
      await screen.findByLabelText('Password', { exact: false, selector: 'input' }),
      'x',
    );
    await user.clear(field('Password'));
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
    await user.type(field('Password'), 'Wrong123');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(authMessages.wrongPasswordOnDelete)).toBeInTheDocument();
  });

  it('flags the password when the user moves on without it', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = renderApp('/settings/delete');
    await user.click(await screen.findByLabelText('Password', { exact: false, selector: 'input' }));
    await user.tab();
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('deletes, confirms and logs out', async () => {
    const server = createFakeServer({ 'DELETE /api/auth/user': { body: { message: 'deleted' } } });
    logIn(server);
    const app = renderApp('/settings/delete');
    await app.user.type(
      await screen.findByLabelText('Password', { exact: false, selector: 'input' }),
      'Secret12',
    );
    await app.user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(authMessages.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/auth/login'));
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(server.requestsTo('DELETE /api/auth/user')[0]?.body).toEqual({ password: 'Secret12' });
  });

  it('lets Google users delete without a password', async () => {
    const server = createFakeServer({ 'DELETE /api/auth/user': { body: { message: 'deleted' } } });
    logIn(server, { auth: 'google' });
    const app = renderApp('/settings/delete');
    await screen.findByRole('heading', { name: 'Delete Account' });
    expect(screen.queryByLabelText('Password', { exact: false, selector: 'input' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(app.location()).toBe('/auth/login'));
    expect(server.requestsTo('DELETE /api/auth/user')[0]?.body).toEqual({});
  });
});
