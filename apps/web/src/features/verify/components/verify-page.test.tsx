import {
  validationMessages as m,
  type VerifyHistoryItem,
  type VerifyResultData,
  verifyReasons,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signUpReasons } from '../../../shared/session/sign-up-reason.ts';
import { createFakeServer, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import {
  createEventStream,
  finishedStream,
  jsonResponse,
  stubSearchStream,
} from '../../search/search-stream.test-kit.ts';

const verifyPath = '/api/verify';
const stubVerifyStream = (answer: Parameters<typeof stubSearchStream>[0]) =>
  stubSearchStream(answer, verifyPath);

const noChecks = {
  regexp: true,
  gibberish: false,
  disposable: false,
  webmail: false,
  mx_records: true,
  smtp_server: true,
  smtp_check: false,
  accept_all: false,
  block: false,
  role: false,
  full_inbox: false,
  disabled: false,
  greylisted: false,
};

const validVerdict: VerifyResultData = {
  _id: 'v1',
  email: 'ann.lee@acme.test',
  status: 'valid',
  score: 99,
  reason: verifyReasons.valid,
  ...noChecks,
  smtp_check: true,
  smtp_reply: { code: 250, enhanced: '2.1.5', text: 'Recipient ok' },
  evidence: { mx: { host: 'mx.acme.test', address: '127.0.0.1', tls: false } },
  charged: true,
};

const invalidVerdict: VerifyResultData = {
  _id: 'v2',
  email: 'nobody@acme.test',
  status: 'invalid',
  score: 0,
  reason: verifyReasons.rejected,
  ...noChecks,
  smtp_reply: { code: 550, enhanced: '5.1.1', text: 'No such user here' },
  evidence: { mx: { host: 'mx.acme.test', address: '127.0.0.1', tls: false } },
  charged: true,
};

function historyItem(index: number): VerifyHistoryItem {
  const { _id, evidence, charged, ...verdict } = validVerdict;
  return {
    _id: `h${index}`,
    email: `person${index}@acme.test`,
    verdict: { ...verdict, email: `person${index}@acme.test` },
    error: null,
    evidence,
    charged,
    createdAt: '2026-01-02T03:04:00.000Z',
  };
}

// 15 verifications: 10 on the first page, 5 on the second.
function serveHistory(server: FakeServer, items: VerifyHistoryItem[]) {
  server.on('GET /api/search-history/verify', (request) => {
    const page = Number(request.query.get('page'));
    const perPage = Number(request.query.get('perPage'));
    return {
      body: {
        items: items.slice((page - 1) * perPage, page * perPage),
        currentPage: page,
        totalPages: Math.ceil(items.length / perPage),
        totalItems: items.length,
      },
    };
  });
}

const addressField = () => screen.findByLabelText('Email address', { exact: false });
const topBar = async () => within(await screen.findByRole('banner'));

async function verify(app: ReturnType<typeof renderApp>, email: string) {
  await app.user.type(await addressField(), email);
  await app.user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the Email Verifier screen (issue 22)', () => {
  it('is in the top bar and validates the address as it is typed, asking nothing until valid', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, []);
    const calls = stubVerifyStream(() => finishedStream([[null, validVerdict]]));
    const app = renderApp('/search/single');
    await app.user.click(await (await topBar()).findByRole('link', { name: 'Email Verifier' }));
    await waitFor(() => expect(app.location()).toBe('/verify'));

    await app.user.type(await addressField(), 'ann.lee@');
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    await app.user.clear(await addressField());
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(calls).toHaveLength(0);

    await app.user.type(await addressField(), ' Ann.Lee@acme.test');
    await waitFor(() => expect(screen.queryByText(m.emailRequired)).not.toBeInTheDocument());
    expect(screen.queryByText(m.emailInvalid)).not.toBeInTheDocument();
  });

  it('streams the progress, then shows a valid verdict with its badges, score and SMTP evidence, and refreshes the balance', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    let balance = 25;
    server.on('GET /api/auth/user/balance', () => ({
      body: { balance, onHold: 0, plan: { name: 'Free', is_default: true }, leadSearchBalance: 10 },
    }));
    serveHistory(server, []);
    const stream = createEventStream();
    const calls = stubVerifyStream(() => stream.response);
    const app = renderApp('/verify');
    expect(await (await topBar()).findByText('Credits available: 25')).toBeInTheDocument();

    await verify(app, ' Ann.Lee@ACME.test ');
    stream.send('progress', { stage: 'smtp', percent: 60 });
    expect(await screen.findByText('Verifying 60%')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ann.lee@acme.test' });
    expect(calls[0]?.headers.get('Authorization')).toBe(token);

    balance = 24;
    stream.send(null, validVerdict);
    const verdict = await screen.findByRole('region', { name: 'Verdict on ann.lee@acme.test' });
    expect(screen.queryByText('Verifying 60%')).not.toBeInTheDocument();
    expect(within(verdict).getByText('Valid')).toBeInTheDocument();
    expect(within(verdict).getByText(verifyReasons.valid)).toBeInTheDocument();
    expect(within(verdict).getByTestId('verdict-score')).toHaveTextContent('99');
    const checks = within(verdict).getByRole('list', { name: 'Checks' });
    for (const badge of ['Format: yes', 'MX records: yes', 'SMTP check: yes', 'Accept all: no']) {
      expect(within(checks).getByText(badge)).toBeInTheDocument();
    }
    const mailbox = within(verdict).getByRole('list', { name: 'Mailbox' });
    expect(within(mailbox).getByText('Full inbox: no')).toBeInTheDocument();
    expect(within(verdict).getByText('This verification cost 1 credit.')).toBeInTheDocument();

    await app.user.click(within(verdict).getByRole('button', { name: 'SMTP evidence' }));
    const evidence = await within(verdict).findByRole('table', { name: 'SMTP evidence' });
    for (const text of ['mx.acme.test', '250', '2.1.5', 'Recipient ok']) {
      expect(within(evidence).getByText(text)).toBeInTheDocument();
    }
    expect(await (await topBar()).findByText('Credits available: 24')).toBeInTheDocument();
  });

  it('shows an invalid verdict with the reason the server rejected it', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, []);
    stubVerifyStream(() => finishedStream([[null, invalidVerdict]]));
    const app = renderApp('/verify');
    await verify(app, 'nobody@acme.test');
    const verdict = await screen.findByRole('region', { name: 'Verdict on nobody@acme.test' });
    expect(within(verdict).getByText('Invalid')).toBeInTheDocument();
    expect(within(verdict).getByText(verifyReasons.rejected)).toBeInTheDocument();
    expect(within(verdict).getByTestId('verdict-score')).toHaveTextContent('0');
    const checks = within(verdict).getByRole('list', { name: 'Checks' });
    expect(within(checks).getByText('SMTP check: no')).toBeInTheDocument();
    await app.user.click(within(verdict).getByRole('button', { name: 'SMTP evidence' }));
    const evidence = await within(verdict).findByRole('table', { name: 'SMTP evidence' });
    expect(within(evidence).getByText('550')).toBeInTheDocument();
    expect(within(evidence).getByText('5.1.1')).toBeInTheDocument();
  });

  it('says when credits run out and offers to buy them', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, []);
    stubVerifyStream(() =>
      finishedStream([
        ['payment_error', { message: 'Not enough credits', required: 1, available: 0 }],
      ]),
    );
    const app = renderApp('/verify');
    await verify(app, 'ann.lee@acme.test');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough credits');
    await app.user.click(within(alert).getByRole('link', { name: 'Buy credits' }));
    await waitFor(() => expect(app.location()).toBe('/purchase'));
  });

  it('tells a refused address and a failed verification in words', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, []);
    const calls = stubVerifyStream(() =>
      calls.length === 1
        ? jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: m.emailInvalid })
        : finishedStream([['error', { error: 'Connection timed out' }]]),
    );
    const app = renderApp('/verify');
    await verify(app, 'ann.lee@acme.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.emailInvalid);
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Connection timed out'),
    );
    expect(screen.queryByRole('link', { name: 'Buy credits' })).not.toBeInTheDocument();
  });

  it('pages the history 10 at a time, and shows a stored verdict again', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(
      server,
      Array.from({ length: 15 }, (_, index) => historyItem(index + 1)),
    );
    const app = renderApp('/verify');
    const table = await screen.findByRole('table', { name: 'Verification history' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('person1@acme.test')).toBeInTheDocument();
    expect(server.requestsTo('GET /api/search-history/verify')[0]?.query.get('perPage')).toBe('10');

    await app.user.click(screen.getByRole('button', { name: 'next page' }));
    expect(await within(table).findByText('person11@acme.test')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(app.location()).toBe('/verify?page=2');

    await app.user.click(
      within(table).getByRole('button', { name: 'Details of person12@acme.test' }),
    );
    const verdict = await screen.findByRole('region', { name: 'Verdict on person12@acme.test' });
    expect(within(verdict).getByText(verifyReasons.valid)).toBeInTheDocument();
  });

  it('sends a guest to sign up and back here, as bulk search does', async () => {
    const server = createFakeServer();
    const calls = stubVerifyStream(() => finishedStream([[null, validVerdict]]));
    const app = renderApp('/verify');
    await verify(app, 'ann.lee@acme.test');
    await waitFor(() => expect(app.location()).toBe('/signup?redirectUrl=%2Fverify'));
    expect(await screen.findByText(signUpReasons.verify)).toBeVisible();
    expect(calls).toHaveLength(0);
    expect(server.requestsTo('GET /api/search-history/verify')).toHaveLength(0);
  });

  it("'Verify a list' opens the bulk upload as 'Verify emails'", async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, []);
    server.on('GET /api/search-history/bulk', { body: null });
    const app = renderApp('/verify');
    await app.user.click(await screen.findByRole('link', { name: 'Verify a list' }));
    // The bulk screen opens its upload modal from ?upload=verify, then may drop the parameter.
    expect(await screen.findByRole('dialog', { name: 'Verify emails' })).toBeInTheDocument();
    expect(app.location()).toMatch(/^\/search\/bulk(\?|$)/);
  });
});
