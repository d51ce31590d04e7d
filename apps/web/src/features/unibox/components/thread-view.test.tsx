import { uniboxMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { typeIntoEditor } from '../../../test/rich-text-editor.ts';
import { logInWithMail } from '../../campaigns/campaigns.test-kit.ts';
import { makeDetail, makeMessage, makeThread, serveUnibox } from '../unibox.test-kit.ts';
import { uniboxTexts } from '../unibox-messages.ts';

function openUnibox(url: string, detail = makeDetail()) {
  const server = createFakeServer({});
  logInWithMail(server);
  const unibox = serveUnibox(server, [detail]);
  return { server, unibox, ...renderApp(url) };
}

const conversation = () => screen.getByRole('region', { name: 'Conversation' });
const messages = () =>
  within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('article');

describe('Unibox conversation', () => {
  it('opening an unread thread marks it read; the list and the sidebar badge follow', async () => {
    const { server, user, location } = openUnibox(
      '/unibox',
      makeDetail(makeThread({ unread: true })),
    );
    const row = await screen.findByRole('listitem', { name: 'Bob Stone: Quick question' });
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unibox 1 unread' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button'));
    await waitFor(() => expect(location()).toBe('/unibox?thread=thread-1'));
    await screen.findByRole('region', { name: 'Conversation' });
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/mail/unibox/threads/thread-1')[0]?.body).toEqual({
        unread: false,
      }),
    );
    await waitFor(() => expect(within(row).queryByText('Unread')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Unibox' })).toBeInTheDocument();
    expect(server.requestsTo('PATCH /api/mail/unibox/threads/thread-1')).toHaveLength(1);
  });

  it('a read thread is not patched on opening; Mark as unread makes it unread again', async () => {
    const { server, user } = openUnibox('/unibox?thread=thread-1');
    const view = within(await screen.findByRole('region', { name: 'Conversation' }));
    await user.click(view.getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(
        server.requestsTo('PATCH /api/mail/unibox/threads/thread-1').map((r) => r.body),
      ).toEqual([{ unread: true }]),
    );
    expect(await view.findByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: 'Bob Stone: Quick question' });
    expect(await within(row).findByText('Unread')).toBeInTheDocument();
  });

  it('shows the header and the messages oldest first, the quoted text folded', async () => {
    const { user } = openUnibox('/unibox?thread=thread-1');
    const view = within(await screen.findByRole('region', { name: 'Conversation' }));
    expect(view.getByRole('heading', { name: 'Quick question' })).toBeInTheDocument();
    expect(view.getByText('Lead: Bob Stone <bob@globex.com>')).toBeInTheDocument();
    expect(view.getByRole('link', { name: 'Spring launch' })).toHaveAttribute(
      'href',
      '/campaigns/campaign-configuration/camp-1',
    );
    expect(view.getByText('Mailbox: sender1@acme.com')).toBeInTheDocument();

    const [sent, reply] = messages() as [HTMLElement, HTMLElement];
    expect(within(sent).getByText('Campaign · step 1')).toBeInTheDocument();
    expect(within(sent).getByText('Sender 1 <sender1@acme.com>')).toBeInTheDocument();
    expect(within(sent).getByText('To: Bob Stone <bob@globex.com>')).toBeInTheDocument();
    expect(within(sent).getByText('01.03.2026 08:00 UTC')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: 'Show quoted text' })).toBeNull();

    expect(within(reply).getByText('Reply')).toBeInTheDocument();
    expect(within(reply).getByText('Sounds interesting, tell me more')).toBeInTheDocument();
    expect(within(reply).queryByText('> Hi Bob, would you like a demo?')).toBeNull();
    await user.click(within(reply).getByRole('button', { name: 'Show quoted text' }));
    expect(within(reply).getByText('> Hi Bob, would you like a demo?')).toBeInTheDocument();
    await user.click(within(reply).getByRole('button', { name: 'Hide quoted text' }));
    expect(within(reply).queryByText('> Hi Bob, would you like a demo?')).toBeNull();
  });

  it('shows links in messages as links, a long signed link by its host and path', async () => {
    const unsubscribe = `https://mailhound.test/survey/campaign-unsubscribe?unsub=${'a'.repeat(120)}`;
    const detail = {
      ...makeDetail(),
      messages: [
        makeMessage({
          text: `See https://acme.com/pricing.\n\nUnsubscribe (${unsubscribe})`,
        }),
      ],
    };
    openUnibox('/unibox?thread=thread-1', detail);
    const [sent] = (await screen.findAllByRole('article')) as [HTMLElement];
    expect(within(sent).getByRole('link', { name: 'https://acme.com/pricing' })).toHaveAttribute(
      'href',
      'https://acme.com/pricing',
    );
    const link = within(sent).getByRole('link', {
      name: 'mailhound.test/survey/campaign-unsubsc…',
    });
    expect(link).toHaveAttribute('href', unsubscribe);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(sent).queryByText(unsubscribe, { exact: false })).toBeNull();
  });

  it('turns Reply and Forward off while the mailbox is in error, saying why and linking to it', async () => {
    const detail = makeDetail(
      makeThread({
        mailbox: {
          id: 'mb-1',
          email: 'sender1@acme.com',
          name: 'Sender 1',
          status: 'error',
          status_message: 'SMTP: smtp.acme.com refused the login (535 5.7.8).',
        },
      }),
    );
    openUnibox('/unibox?thread=thread-1', detail);
    const view = within(await screen.findByRole('region', { name: 'Conversation' }));
    expect(view.getByRole('button', { name: 'Reply' })).toBeDisabled();
    expect(view.getByRole('button', { name: 'Forward' })).toBeDisabled();
    expect(
      view.getByText(
        'sender1@acme.com cannot send right now (SMTP: smtp.acme.com refused the login (535 5.7.8).). Fix its connection in the Sender List, then try again.',
      ),
    ).toBeInTheDocument();
    expect(
      view.getByRole('link', { name: 'Open sender1@acme.com in the Sender List' }),
    ).toHaveAttribute('href', '/sender-list?mailbox=mb-1');
  });

  it('a bounce report shows the recipient, status and diagnostic', async () => {
    const detail = makeDetail(makeThread({ status: 'bounced' }));
    detail.messages = [
      makeMessage(),
      makeMessage({
        id: 'msg-3',
        direction: 'in',
        kind: 'bounce',
        from: { email: 'mailer-daemon@globex.com', name: 'Mail Delivery System' },
        text: 'Delivery to the following recipient failed permanently.',
        bounce: {
          recipient: 'bob@globex.com',
          status: '5.1.1',
          diagnostic: 'smtp; 550 5.1.1 User unknown',
        },
      }),
    ];
    openUnibox('/unibox?thread=thread-1', detail);
    await screen.findByRole('region', { name: 'Conversation' });
    const details = within(screen.getByRole('table', { name: 'Bounce details' }));
    expect(details.getByRole('row', { name: 'Recipient bob@globex.com' })).toBeInTheDocument();
    expect(details.getByRole('row', { name: 'Status 5.1.1' })).toBeInTheDocument();
    expect(
      details.getByRole('row', { name: 'Diagnostic smtp; 550 5.1.1 User unknown' }),
    ).toBeInTheDocument();
  });

  it('a thread of another user (404) says it was not found', async () => {
    openUnibox('/unibox?thread=nope');
    expect(await screen.findByText('This conversation was not found.')).toBeInTheDocument();
  });
});

describe('Unibox reply and forward', () => {
  function serveSend(server: ReturnType<typeof openUnibox>['server'], answer?: object) {
    server.on('POST /api/mail/send-emails', (request: FakeRequest) => {
      if (answer !== undefined) return answer;
      const body = request.body as { mode: 'reply' | 'forward'; subject: string };
      return {
        body: {
          message: body.mode === 'reply' ? uniboxMessages.sent : uniboxMessages.forwarded,
          data: makeMessage({
            id: 'msg-new',
            kind: 'sent',
            subject: body.subject,
            text: 'Happy to show you on Tuesday.',
            date: '2026-03-02T10:00:00.000Z',
            step: null,
          }),
        },
      };
    });
  }

  it('replies with Re: <subject>, checks the body as you type, and shows the sent message', async () => {
    const { server, user } = openUnibox('/unibox?thread=thread-1');
    serveSend(server);
    await screen.findByRole('region', { name: 'Conversation' });
    await user.click(within(conversation()).getByRole('button', { name: 'Reply' }));
    const form = within(screen.getByRole('form', { name: 'Reply' }));
    expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Quick question');
    expect(form.getByText('To: Bob Stone <bob@globex.com>')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('This field is required')).toBeInTheDocument();
    const body = form.getByRole('textbox', { name: 'Message' });
    await typeIntoEditor(user, body, 'Happy to show you.');
    await waitFor(() => expect(form.queryByText('This field is required')).toBeNull());
    await user.clear(form.getByRole('textbox', { name: 'Subject' }));
    expect(await form.findByText('This field is required')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Subject' }), 'Re: Demo');
    await typeIntoEditor(user, body, '{Enter}Ann');
    await user.click(form.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(uniboxMessages.sent)).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/send-emails')[0]?.body).toEqual({
      mode: 'reply',
      thread_id: 'thread-1',
      subject: 'Re: Demo',
      body: '<p>Happy to show you.</p><p>Ann</p>',
    });
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();
    const sent = messages().at(-1) as HTMLElement;
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Happy to show you on Tuesday.')).toBeInTheDocument();
  });

  it('does not double Re: on a subject that has one', async () => {
    const { user } = openUnibox(
      '/unibox?thread=thread-1',
      makeDetail(makeThread({ subject: 'Re: Quick question' })),
    );
    await screen.findByRole('region', { name: 'Conversation' });
    await user.click(within(conversation()).getByRole('button', { name: 'Reply' }));
    expect(
      within(screen.getByRole('form', { name: 'Reply' })).getByRole('textbox', {
        name: 'Subject',
      }),
    ).toHaveValue('Re: Quick question');
  });

  it('forwards with Fwd: <subject> to at least one valid recipient', async () => {
    const { server, user } = openUnibox('/unibox?thread=thread-1');
    serveSend(server);
    await screen.findByRole('region', { name: 'Conversation' });
    await user.click(within(conversation()).getByRole('button', { name: 'Forward' }));
    const form = within(screen.getByRole('form', { name: 'Forward' }));
    expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('Fwd: Quick question');
    await typeIntoEditor(user, form.getByRole('textbox', { name: 'Message' }), 'Bob wants a demo.');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Please add at least one recipient')).toBeInTheDocument();

    const to = form.getByRole('combobox', { name: 'To' });
    await user.type(to, 'not-an-email{Enter}');
    expect(await form.findByText('Please enter a valid email')).toBeInTheDocument();
    await user.type(to, '{Backspace}Carol@Acme.com{Enter}');
    await waitFor(() => expect(form.queryByText('Please enter a valid email')).toBeNull());
    await user.click(form.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(uniboxMessages.forwarded)).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/send-emails')[0]?.body).toEqual({
      mode: 'forward',
      thread_id: 'thread-1',
      subject: 'Fwd: Quick question',
      body: '<p>Bob wants a demo.</p>',
      recipients: ['carol@acme.com'],
    });
  });

  it.each([
    [409, uniboxMessages.mailboxGone, uniboxMessages.mailboxGone],
    [502, uniboxMessages.sendFailed, uniboxMessages.sendFailed],
    [500, 'Internal Server Error', uniboxTexts.failed],
  ])('a %i answer shows %j as %j and keeps the draft', async (status, message, shown) => {
    const { server, user } = openUnibox('/unibox?thread=thread-1');
    serveSend(server, errorBody(status, message));
    await screen.findByRole('region', { name: 'Conversation' });
    await user.click(within(conversation()).getByRole('button', { name: 'Reply' }));
    const form = within(screen.getByRole('form', { name: 'Reply' }));
    await typeIntoEditor(user, form.getByRole('textbox', { name: 'Message' }), 'Thanks!');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Message' })).toHaveTextContent(/^Thanks!$/);
    expect(messages()).toHaveLength(2);
  });
});

describe('Unibox notes', () => {
  it('lists the lead’s notes and adds one (required, at most 2000, with a counter)', async () => {
    const { server, unibox, user } = openUnibox('/unibox?thread=thread-1');
    server.on('POST /api/mail/customers/cust-1/notes', (request: FakeRequest) => {
      const { text } = request.body as { text: string };
      const note = { id: 'note-2', text, created: '2026-03-03T10:00:00.000Z' };
      unibox.detail('thread-1').notes.unshift(note);
      return {
        body: {
          id: 'cust-1',
          email: 'bob@globex.com',
          fname: 'Bob',
          lname: 'Stone',
          additional_fields: {},
          tags: [],
          notes: unibox.detail('thread-1').notes,
          created: '2026-02-20T10:00:00.000Z',
          verification: { status: 'unverified', score: null },
          suppressed: false,
          skipped: null,
        },
      };
    });
    const notes = within(await screen.findByRole('region', { name: 'Notes' }));
    expect(notes.getByText('Met at the fair')).toBeInTheDocument();
    expect(notes.getByText('20.02.2026')).toBeInTheDocument();
    expect(notes.getByText('0/2000')).toBeInTheDocument();

    await user.click(notes.getByRole('button', { name: 'Add Note' }));
    expect(await notes.findByText('This field is required')).toBeInTheDocument();
    const field = notes.getByRole('textbox', { name: 'Note' });
    await user.click(field);
    await user.paste('x'.repeat(2001));
    expect(await notes.findByText('Must be at most 2000 characters')).toBeInTheDocument();
    expect(notes.getByText('2001/2000')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Wants a demo on Tuesday');
    expect(notes.getByText('23/2000')).toBeInTheDocument();
    await user.click(notes.getByRole('button', { name: 'Add Note' }));

    expect(await notes.findByText('Wants a demo on Tuesday')).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/customers/cust-1/notes')[0]?.body).toEqual({
      text: 'Wants a demo on Tuesday',
    });
    const texts = notes.getAllByText(/Met at the fair|Wants a demo on Tuesday/);
    expect(texts.map((element) => element.textContent)).toEqual([
      'Wants a demo on Tuesday',
      'Met at the fair',
    ]);
    expect(field).toHaveValue('');
  });
});
