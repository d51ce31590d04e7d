import { SSE_RETRY_MS } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { createFakeServer } from '../../../test/fake-server.ts';
import { verdictFixture } from '../../../test/verdict-fixtures.ts';
import {
  createEventStream,
  finishedStream,
  jsonResponse,
  stubSearchStream,
} from '../search-stream.test-kit.ts';
import { searchPerson } from './search-person.ts';

const body = { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.com' };
const verdict = verdictFixture('ann@acme.com', 'valid');
const found = {
  _id: 'h1',
  exactEmail: 'ann@acme.com',
  exactEmailScore: 99,
  verdict,
  charged: true,
};

describe('the streaming single search (api-spec §7 "Search and history")', () => {
  it('reports progress and ends with the data message', async () => {
    createFakeServer();
    stubSearchStream(() =>
      finishedStream([
        ['progress', { stage: 'dns', percent: 10 }],
        ['progress', { stage: 'smtp', percent: 60 }],
        [null, found],
      ]),
    );
    const progress: number[] = [];
    const outcome = await searchPerson(body, { onProgress: (p) => progress.push(p.percent) });
    expect(progress).toEqual([10, 60]);
    expect(outcome).toEqual({
      kind: 'found',
      id: 'h1',
      exactEmail: 'ann@acme.com',
      exactEmailScore: 99,
      verdict,
      charged: true,
    });
  });

  it('reads payment_error and error events', async () => {
    createFakeServer();
    stubSearchStream(() =>
      finishedStream([
        ['payment_error', { message: 'Not enough credits', required: 1, available: 0 }],
      ]),
    );
    expect(await searchPerson(body)).toEqual({
      kind: 'payment_error',
      message: 'Not enough credits',
      required: 1,
      available: 0,
    });
    stubSearchStream(() =>
      finishedStream([['error', { _id: 'h2', error: 'Connection timed out' }]]),
    );
    expect(await searchPerson(body)).toEqual({
      kind: 'error',
      id: 'h2',
      error: 'Connection timed out',
    });
  });

  it('never sends a finished search again, even when the server keeps the stream open', async () => {
    createFakeServer();
    const stream = createEventStream();
    const calls = stubSearchStream(() => stream.response);
    const outcome = searchPerson(body);
    stream.send(null, found);
    expect((await outcome).kind).toBe('found');
    await new Promise((done) => setTimeout(done, SSE_RETRY_MS + 200));
    expect(calls).toHaveLength(1);
  });

  it(`retries after ${SSE_RETRY_MS} ms when the server could not accept the search`, async () => {
    createFakeServer();
    const calls = stubSearchStream(() =>
      calls.length === 1
        ? jsonResponse(502, { statusCode: 502, error: 'Bad Gateway', message: 'Bad Gateway' })
        : finishedStream([[null, found]]),
    );
    const outcome = await searchPerson(body);
    expect(outcome.kind).toBe('found');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual(body);
  });

  it('never resends a search whose stream was open: the server may have charged it', async () => {
    createFakeServer();
    const calls = stubSearchStream(() =>
      finishedStream([['progress', { stage: 'dns', percent: 10 }]]),
    );
    await expect(searchPerson(body)).rejects.toThrow('The connection was lost during the search');
    await new Promise((done) => setTimeout(done, SSE_RETRY_MS + 200));
    expect(calls).toHaveLength(1);
  });

  it('gives up on a refusal without retrying, with the server message', async () => {
    createFakeServer();
    const calls = stubSearchStream(() =>
      jsonResponse(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Bot check failed. Please try again.',
      }),
    );
    const failure = searchPerson(body);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Bot check failed. Please try again.');
    expect(calls).toHaveLength(1);
  });

  it('sends the JSON body with the stored token as Authorization', async () => {
    createFakeServer();
    localStorage.setItem('token', 'tok.en.value');
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    await searchPerson(body);
    expect(calls[0]?.body).toEqual(body);
    expect(calls[0]?.headers.get('Authorization')).toBe('tok.en.value');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });
});
