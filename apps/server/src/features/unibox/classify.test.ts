import { describe, expect, it } from 'vitest';
import {
  addressesIn,
  bareSubject,
  MESSAGE_READ_LIMIT,
  readInboundMail,
  splitQuoted,
  tooLargeNote,
} from './classify.ts';
import {
  deliveryReportMail,
  failureNoticeMail,
  feedbackReportMail,
  minimalFeedbackReport,
  outOfOfficeMail,
  replyMail,
  unrelatedMail,
} from './messages.test-kit.ts';

const ours = '<first-step@sender.test>';
const party = { from: 'ann@client.test', to: 'sales@sender.test' };

describe('reading inbound mail', () => {
  it('a reply names our Message-ID and keeps the quoted text apart', async () => {
    const mail = await readInboundMail(
      replyMail({
        ...party,
        inReplyTo: ours,
        references: ['<older@sender.test>', ours],
        text: 'Sounds good, call me on Tuesday.\r\n\r\nOn Mon, 4 Mar 2030 at 10:00, Sales <sales@sender.test> wrote:\r\n> Hi Ann, a short note.\r\n> Offer',
      }),
    );
    expect(mail.nature).toBe('reply');
    expect(mail.about).toEqual([ours, '<older@sender.test>']);
    expect(mail.inReplyTo).toBe(ours);
    expect(mail.from).toEqual({ email: 'ann@client.test', name: 'Ann Client' });
    expect(mail.to).toEqual([{ email: 'sales@sender.test', name: '' }]);
    expect(mail.text).toBe('Sounds good, call me on Tuesday.');
    expect(mail.quotedText).toBe(
      'On Mon, 4 Mar 2030 at 10:00, Sales <sales@sender.test> wrote:\n> Hi Ann, a short note.\n> Offer',
    );
  });

  it('an out-of-office answer is automatic (Auto-Submitted, X-Autoreply, subject)', async () => {
    const mail = await readInboundMail(outOfOfficeMail({ ...party, inReplyTo: ours }));
    expect(mail.nature).toBe('auto_reply');
    expect(mail.about).toEqual([ours]);
    expect(mail.text).toBe('I am out of the office until Monday.');
  });

  it('Precedence: bulk or an "Out of office" subject alone also mark an answer automatic', async () => {
    const bulk = replyMail({ ...party, inReplyTo: ours, text: 'Thanks' }).replace(
      'MIME-Version',
      'Precedence: bulk\r\nMIME-Version',
    );
    expect((await readInboundMail(bulk)).nature).toBe('auto_reply');
    const subject = replyMail({
      ...party,
      inReplyTo: ours,
      text: 'Away',
      subject: 'Out of Office',
    });
    expect((await readInboundMail(subject)).nature).toBe('auto_reply');
    const notAuto = replyMail({ ...party, inReplyTo: ours, text: 'Hi' }).replace(
      'MIME-Version',
      'Auto-Submitted: no\r\nMIME-Version',
    );
    expect((await readInboundMail(notAuto)).nature).toBe('reply');
  });

  it('an RFC 3464 failure report is a bounce about the returned message', async () => {
    const mail = await readInboundMail(
      deliveryReportMail({
        from: 'MAILER-DAEMON@mx.client.test',
        to: 'sales@sender.test',
        recipient: 'gone@client.test',
        original: ours,
      }),
    );
    expect(mail.nature).toBe('bounce');
    expect(mail.about).toEqual([ours]);
    expect(mail.bounce).toEqual({
      recipient: 'gone@client.test',
      status: '5.1.1',
      diagnostic:
        '550 5.1.1 <gone@client.test>: Recipient address rejected: User unknown in local recipient table',
    });
    expect(mail.quotedText).toBeNull();
  });

  it('an RFC 5965 feedback report is a complaint about the returned message', async () => {
    const returned = replyMail({ ...party, inReplyTo: '<x@y.test>', text: 'Hi' }).replace(
      /^Message-ID: .*$/m,
      `Message-ID: ${ours}\r\nList-Unsubscribe: <https://app.test/one-click?mlsr=u.abc.sig>`,
    );
    const mail = await readInboundMail(
      feedbackReportMail({
        from: 'feedback@fbl.client.test',
        to: 'sales@sender.test',
        recipient: 'Ann@Client.test',
        returned,
      }),
    );
    expect(mail.nature).toBe('complaint');
    expect(mail.about[0]).toBe(ours);
    expect(mail.complaint).toEqual({
      type: 'abuse',
      original: ours,
      listUnsubscribe: '<https://app.test/one-click?mlsr=u.abc.sig>',
    });
    expect(mail.bounce).toBeNull();
    expect(mail.quotedText).toBeNull();
  });

  it('RFC 5965 B.1, the minimal report, names its Message-ID and no recipient', async () => {
    const mail = await readInboundMail(minimalFeedbackReport);
    expect(mail.nature).toBe('complaint');
    expect(mail.complaint).toEqual({
      type: 'abuse',
      original: '<8787KJKJ3K4J3K4J3K4J3.mail@example.net>',
      listUnsubscribe: null,
    });
  });

  // Past 256 KiB of text, the bound the reports were once cut at.
  const longText = `${'x'.repeat(100)}\r\n`.repeat(3000);

  it('a bounce report with a long human-readable part is still a bounce: its delivery status after it is read', async () => {
    const sorry = 'I am sorry to have to inform you that your message could not be delivered.';
    const padded = deliveryReportMail({
      from: 'MAILER-DAEMON@mx.client.test',
      to: 'sales@sender.test',
      recipient: 'gone@client.test',
      original: ours,
    }).replace(sorry, `${sorry}\r\n${longText}`);
    expect(padded.length).toBeGreaterThan(256 * 1024);
    const mail = await readInboundMail(padded);
    expect(mail.nature).toBe('bounce');
    expect(mail.bounce).toMatchObject({ recipient: 'gone@client.test', status: '5.1.1' });
    expect(mail.about[0]).toBe(ours);
  });

  it('a feedback report with a long human-readable part is still a complaint', async () => {
    const line = 'about this format please see http://www.mipassoc.org/arf/.';
    const mail = await readInboundMail(
      minimalFeedbackReport.replace(line, `${line}\r\n${longText}`),
    );
    expect(mail.nature).toBe('complaint');
    expect(mail.complaint?.original).toBe('<8787KJKJ3K4J3K4J3K4J3.mail@example.net>');
  });

  it('a message larger than the read limit is read from its start, and its text says it is not all there', async () => {
    const reply = replyMail({ ...party, inReplyTo: ours, text: 'See the deck attached.' });
    // The start of a larger message, as the sync fetches it.
    const start = await readInboundMail(reply, 5 * 1024 * 1024);
    expect(start.nature).toBe('reply');
    expect(start.text).toBe(`See the deck attached.\n\n${tooLargeNote(5 * 1024 * 1024)}`);
    expect(tooLargeNote(5 * 1024 * 1024)).toContain('too large to show in full (5.0 MB)');
    // A whole message past the limit is cut there too.
    const long = reply.replace(
      'See the deck attached.',
      `See the deck attached.\r\n${'y'.repeat(MESSAGE_READ_LIMIT)}`,
    );
    const cut = await readInboundMail(long);
    expect(cut.text.length).toBeLessThan(MESSAGE_READ_LIMIT);
    expect(cut.text).toMatch(/^See the deck attached\.\ny+\n\n\[This message is too large/);
    // One within the limit is read whole, with no note.
    expect((await readInboundMail(reply)).text).toBe('See the deck attached.');
  });

  it('a delayed delivery (Action: delayed, 4.x.x) is a report, not a bounce', async () => {
    const mail = await readInboundMail(
      deliveryReportMail({
        from: 'MAILER-DAEMON@mx.client.test',
        to: 'sales@sender.test',
        recipient: 'slow@client.test',
        original: ours,
        action: 'delayed',
      }),
    );
    expect(mail.nature).toBe('report');
    expect(mail.bounce).toBeNull();
  });

  it('a plain-text failure notice from the mailer daemon is a bounce about the message it quotes', async () => {
    const mail = await readInboundMail(
      failureNoticeMail({ ...party, recipient: 'gone@client.test', original: ours }),
    );
    expect(mail.nature).toBe('bounce');
    expect(mail.about[0]).toBe(ours);
    expect(mail.bounce).toEqual({
      recipient: 'gone@client.test',
      status: '5.1.1',
      diagnostic: 'Remote host said: 550 5.1.1 No such user here',
    });
  });

  it('a failure notice without a permanent failure is no bounce', async () => {
    const mail = await readInboundMail(
      failureNoticeMail({
        ...party,
        recipient: 'busy@client.test',
        original: ours,
        reply: '451 4.2.1 Mailbox busy, try later',
      }),
    );
    expect(mail.nature).not.toBe('bounce');
    expect(mail.bounce).toBeNull();
  });

  it('unrelated mail names none of our Message-IDs', async () => {
    const mail = await readInboundMail(unrelatedMail({ from: 'news@news.test', to: party.to }));
    expect(mail.about).toEqual([]);
    expect(mail.nature).toBe('reply');
  });
});

// Security review 2b: anyone can mail a connected mailbox, and the Unibox reads what arrives.
describe('a message any sender can write is read in one pass', () => {
  // A mailer daemon's notice naming our message and a refused recipient, then `filler` up to
  // the read limit.
  const daemonNotice = (filler: string) => {
    const head = [
      'From: MAILER-DAEMON@attacker.test',
      'To: sales@sender.test',
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: text/plain; charset=us-ascii',
      '',
      '550 5.1.1 <gone@client.test>: Recipient address rejected',
      `Message-ID: ${ours}`,
      '',
    ].join('\r\n');
    const room = MESSAGE_READ_LIMIT - head.length - 2;
    return `${head}${filler.repeat(Math.floor(room / filler.length))}\r\n`;
  };

  it.each([
    ['2 MB of letters without an @', 'a'],
    ['2 MB of blank lines', '\r\n'],
  ])(
    'a bounce notice followed by %s is still a bounce about the message it quotes',
    async (_, filler) => {
      const mail = await readInboundMail(daemonNotice(filler));
      expect(mail.nature).toBe('bounce');
      expect(mail.about[0]).toBe(ours);
      expect(mail.bounce).toMatchObject({ recipient: 'gone@client.test', status: '5.1.1' });
    },
  );

  it('finds the addresses /[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+/g finds, in order', () => {
    const pattern = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
    for (const text of [
      'Bounce for <Gone.Away+x@client-1.mail.test>, from MAILER-DAEMON@mx.test.',
      'a@b c@d. e@f..g h@i.j. k_l@m_n.o-p.q @r.s t@ u@v.w@x.y a@@b.c',
      'x.-+@-.- ..@a.b-c. trailing@dot.',
      'no address here',
    ]) {
      expect(addressesIn(text)).toEqual(text.match(pattern) ?? []);
    }
  });
});

describe('splitting quoted text', () => {
  it('cuts at a run of ">" lines', () => {
    expect(splitQuoted('Yes please.\n\n> Would you like a demo?\n> Sales')).toEqual({
      text: 'Yes please.',
      quoted: '> Would you like a demo?\n> Sales',
    });
  });

  it('cuts at an Outlook "Original Message" line and at a wrapped "On … wrote:"', () => {
    expect(splitQuoted('No thanks.\n-----Original Message-----\nFrom: Sales').quoted).toBe(
      '-----Original Message-----\nFrom: Sales',
    );
    expect(
      splitQuoted('Later.\nOn Mon, 4 Mar 2030 at 10:00, Sales <\nsales@sender.test> wrote:\n> Hi')
        .text,
    ).toBe('Later.');
  });

  it('keeps a message without quotes whole', () => {
    expect(splitQuoted('Just this.\n')).toEqual({ text: 'Just this.', quoted: null });
  });
});

describe('comparing subjects across an answer', () => {
  it('leaves out Re:/Aw:/Fwd:-style prefixes, however many, case and extra spaces', () => {
    for (const subject of [
      'Re: Quick question, Gus',
      'RE: Quick question, Gus',
      'Aw: quick question,  Gus',
      'Re: Fwd: RE[2]: Quick question, Gus',
      'SV: Quick question, Gus ',
    ]) {
      expect(bareSubject(subject)).toBe('quick question, gus');
    }
  });

  it('keeps a subject that only starts like a prefix', () => {
    expect(bareSubject('Regarding: Quick question')).toBe('regarding: quick question');
    expect(bareSubject('Automatic reply: Quick question')).toBe('automatic reply: quick question');
  });
});
