import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const thanks = 'Thank you for your feedback!';

function openSurvey(
  token = 'tok-1',
  answer = { status: 200, body: { message: 'Unsubscribed' } },
  oneClick: { status: number; body: unknown } = { status: 200, body: { message: 'Unsubscribed' } },
) {
  const server = createFakeServer({
    'POST /api/mail/campaigns/unsubscribe': answer,
    'POST /api/mail/campaigns/unsubscribe/one-click': oneClick,
  });
  const app = renderApp(`/survey/campaign-unsubscribe?unsub=${token}`);
  return { server, ...app };
}

const posts = (server: FakeServer) => server.requestsTo('POST /api/mail/campaigns/unsubscribe');

describe('opening the unsubscribe link', () => {
  it('unsubscribes at once, before and without the survey', async () => {
    const { server } = openSurvey('signed.token');
    expect(await screen.findByText('You have been unsubscribed.')).toBeInTheDocument();
    const [oneClick] = server.requestsTo('POST /api/mail/campaigns/unsubscribe/one-click');
    expect(oneClick?.query.get('mlsr')).toBe('signed.token');
    // The survey stays on offer, and nothing of it was sent.
    expect(screen.getByRole('form', { name: 'Unsubscribe survey' })).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);
  });

  it('says so when the link is not valid', async () => {
    openSurvey('forged', undefined, errorBody(400, 'This link is not valid.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    // Nothing to fill in that could only fail.
    expect(screen.queryByRole('form', { name: 'Unsubscribe survey' })).not.toBeInTheDocument();
  });
});

describe('unsubscribe survey (product-spec §2)', () => {
  it('offers the six reasons word for word and a 5-star rating from Very Dissatisfied to Very Satisfied', async () => {
    openSurvey();
    const form = await screen.findByRole('form', { name: 'Unsubscribe survey' });
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual([
      'I receive too many emails.',
      'The content is not relevant to me.',
      'I didn’t sign up for these emails.',
      'I prefer to get updates another way.',
      'I’m no longer interested in the products/services.',
      'Other (please specify)',
    ]);
    for (const label of [
      'Very Dissatisfied',
      'Dissatisfied',
      'Neutral',
      'Satisfied',
      'Very Satisfied',
    ]) {
      expect(within(form).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    expect(within(form).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('sends the marked reasons, Other’s comment and the rating to the unsub token, then thanks', async () => {
    const { server, user } = openSurvey('signed.token');
    await user.click(await screen.findByRole('checkbox', { name: 'I receive too many emails.' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other (please specify)' }));
    await user.type(screen.getByRole('textbox', { name: 'Please specify' }), ' Too salesy ');
    // The star a user clicks is the radio's label.
    const radio = screen.getByRole('radio', { name: 'Satisfied' }) as HTMLInputElement;
    await user.click(radio.labels?.[0] as HTMLElement);
    expect(screen.getByRole('radio', { name: 'Satisfied' })).toBeChecked();
    expect(screen.getByText('Satisfied', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(screen.getByText('Survey submitted successfully!')).toBeInTheDocument();
    const [post] = posts(server);
    expect(post?.query.get('mlsr')).toBe('signed.token');
    expect(post?.body).toEqual({
      rating: 4,
      questions: [
        { title: 'I receive too many emails.', is_marked: true },
        { title: 'Other (please specify)', is_marked: true, comment: 'Too salesy' },
      ],
    });
  });

  it('shows the Other text field only when Other is marked, and keeps it to 200 characters', async () => {
    const { user } = openSurvey();
    await screen.findByRole('form', { name: 'Unsubscribe survey' });
    expect(screen.queryByRole('textbox', { name: 'Please specify' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Other (please specify)' }));
    const other = screen.getByRole('textbox', { name: 'Please specify' });
    await user.click(other);
    await user.paste('x'.repeat(230));
    expect(other).toHaveValue('x'.repeat(200));
    expect(screen.getByText('200/200')).toBeInTheDocument();
  });

  it('may be sent with no reason and no rating (rating null)', async () => {
    const { server, user } = openSurvey();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByText(thanks);
    expect(posts(server)[0]?.body).toEqual({ rating: null, questions: [] });
  });

  it('remembers the submission per token on this device', async () => {
    const first = openSurvey('tok-a');
    await first.user.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByText(thanks);
    first.unmount();

    const again = openSurvey('tok-a');
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Unsubscribe survey' })).toBeNull();
    again.unmount();

    openSurvey('tok-b');
    expect(await screen.findByRole('form', { name: 'Unsubscribe survey' })).toBeInTheDocument();
  });

  it('a token already used elsewhere (409) also ends on the thank-you', async () => {
    const { user } = openSurvey('tok-used', errorBody(409, 'Already submitted'));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(screen.queryByText('Error submitting survey!')).toBeNull();
  });

  it('says "Error submitting survey!" when the call fails, and stays on the form', async () => {
    const { user } = openSurvey('forged', errorBody(400, 'Invalid token'));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error submitting survey!')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Unsubscribe survey' })).toBeInTheDocument();
    // Not remembered as submitted: opening the link again shows the form.
    expect(Object.keys(localStorage).filter((key) => key.includes('forged'))).toEqual([]);
  });

  it('without an unsub token goes to login', async () => {
    createFakeServer({});
    const { location } = renderApp('/survey/campaign-unsubscribe');
    await waitFor(() => expect(location()).toBe('/auth/login'));
  });
});
