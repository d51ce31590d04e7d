import { describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { type ComposeInput, composeMail, htmlToPlainText, replaceSpans } from './compose.ts';

const tokens = createLinkTokens('compose-test-secret');

const input = (change: Partial<ComposeInput> = {}): ComposeInput => ({
  publicUrl: 'http://mailhound.test',
  tokens,
  sendId: '00000000-0000-4000-8000-000000000001',
  messageId: '<third@sender.test>',
  from: { name: 'Sender', email: 'sales@sender.test' },
  to: { email: 'ann@client.test', fname: 'Ann', lname: 'Lee' },
  step: { subject: 'Hello {{first_name}}', body: '<p>Hi</p>' },
  firstSubject: 'Hello {{first_name}}',
  earlier: [],
  sendAsText: false,
  linkTracking: false,
  ...change,
});

// The destinations of the tracked links of an HTML part.
const trackedUrls = (html: string) =>
  [...html.matchAll(/href="http:\/\/mailhound\.test\/api\/mail\/tracker\/click\?mlsr=([^"]+)"/g)]
    .map((match) => tokens.verify(decodeURIComponent(match[1] ?? '')))
    .map((token) => (token?.kind === 'click' ? token.url : undefined));

describe('follow-up subjects', () => {
  const earlier = ['<first@sender.test>', '<second@sender.test>'];

  it('a follow-up with its own subject is sent with it, still threaded under the earlier steps', () => {
    const mail = composeMail(
      input({ step: { subject: 'Following up, {{first_name}}', body: '<p>Hi</p>' }, earlier }),
    );
    expect(mail.subject).toBe('Following up, Ann');
    expect(mail.inReplyTo).toBe('<second@sender.test>');
    expect(mail.references).toEqual(earlier);
  });

  it('a follow-up repeating the first step’s subject answers it with "Re: "', () => {
    const mail = composeMail(input({ earlier }));
    expect(mail.subject).toBe('Re: Hello Ann');
    expect(mail.inReplyTo).toBe('<second@sender.test>');
    expect(mail.references).toEqual(earlier);
  });

  it('the first step is sent with its subject, unthreaded', () => {
    const mail = composeMail(input());
    expect(mail.subject).toBe('Hello Ann');
    expect(mail.inReplyTo).toBeUndefined();
  });
});

describe('links written with single quotes or without quotes', () => {
  const body =
    "<p><a href='https://x.test/a'>Single</a> <a href=https://x.test/b>Bare</a> " +
    '<a href="https://x.test/c?x=1&amp;y=2">Double</a></p>';

  it('keep their URL in the plain-text part', () => {
    expect(htmlToPlainText(body)).toBe(
      'Single (https://x.test/a) Bare (https://x.test/b) Double (https://x.test/c?x=1&y=2)',
    );
    const mail = composeMail(input({ step: { subject: 'Hi', body }, linkTracking: true }));
    expect(mail.text).toContain('Single (http://mailhound.test/api/mail/tracker/click?mlsr=');
    expect(mail.text).toContain('Bare (http://mailhound.test/api/mail/tracker/click?mlsr=');
  });

  it('are click-tracked in the HTML part', () => {
    const mail = composeMail(input({ step: { subject: 'Hi', body }, linkTracking: true }));
    expect(trackedUrls(mail.html ?? '')).toEqual([
      'https://x.test/a',
      'https://x.test/b',
      'https://x.test/c?x=1&y=2',
    ]);
    expect(mail.html).not.toContain('x.test');
  });

  it('the unsubscribe link and non-web links are left as they are', () => {
    const withOthers = `<p><a href='{{unsubscribe_link}}'>Stop</a> <a href=mailto:a@x.test>Mail</a></p>`;
    const mail = composeMail(
      input({ step: { subject: 'Hi', body: withOthers }, linkTracking: true }),
    );
    expect(trackedUrls(mail.html ?? '')).toEqual([]);
    expect(mail.html).toContain("href='http://mailhound.test/survey/campaign-unsubscribe?unsub=u.");
    expect(mail.html).toContain('href=mailto:a@x.test');
  });
});

describe('the plain-text part', () => {
  it('keeps a blank line between paragraphs', () => {
    const mail = composeMail(
      input({ step: { subject: 'Hi', body: '<p>Hi {{first_name}},</p><p>Second paragraph</p>' } }),
    );
    expect(mail.text).toBe('Hi Ann,\n\nSecond paragraph');
  });

  it('keeps a body written as text with blank lines as it is', () => {
    const body = 'Hi {{first_name}},\n\nSecond paragraph\n\nBest,\nSam';
    const mail = composeMail(input({ step: { subject: 'Hi', body } }));
    expect(mail.text).toBe('Hi Ann,\n\nSecond paragraph\n\nBest,\nSam');
  });

  it('turns <br> into a single line break', () => {
    expect(htmlToPlainText('<p>Best,<br>Sam<br/>Sales</p><p>P.S. Hello</p>')).toBe(
      'Best,\nSam\nSales\n\nP.S. Hello',
    );
  });

  it('has no more than one blank line where the HTML has line breaks between paragraphs', () => {
    expect(htmlToPlainText('<p>One</p>\n\n<p>Two<br></p>\n<h2>Three</h2><div>Four</div>')).toBe(
      'One\n\nTwo\n\nThree\n\nFour',
    );
  });

  it('puts list items on lines of their own, bulleted or numbered, the list apart from the paragraphs', () => {
    expect(htmlToPlainText('<p>Options:</p><ul><li>One</li><li>Two</li></ul><p>Thanks</p>')).toBe(
      'Options:\n\n- One\n- Two\n\nThanks',
    );
    // The rich-text editor wraps each item in a paragraph.
    expect(
      htmlToPlainText('<p>Steps:</p><ol><li><p>Reply</p></li><li><p>Book a call</p></li></ol>'),
    ).toBe('Steps:\n\n1. Reply\n2. Book a call');
  });

  it('sends a step saved as plain text as paragraphs, its angle brackets as text', () => {
    const body = 'Hi {{first_name}},\n\nWrite to Sam <sam@x.test>.\n\nBest,\nSam';
    const mail = composeMail(input({ step: { subject: 'Hi', body } }));
    expect(mail.html).toBe(
      '<p>Hi Ann,</p><p>Write to Sam &lt;sam@x.test&gt;.</p><p>Best,<br>Sam</p>',
    );
    expect(mail.text).toBe('Hi Ann,\n\nWrite to Sam <sam@x.test>.\n\nBest,\nSam');
  });
});

// A pattern that counts the characters its searches went over: from where each search started
// to the end of its match, or to the end of the text when there was none.
class CountingPattern extends RegExp {
  read = 0;
  override exec(text: string) {
    const start = this.lastIndex;
    const found = super.exec(text);
    this.read += (found ? found.index + found[0].length : text.length) - start;
    return found;
  }
}

describe('a body any sender can write is read in one pass (security review 2a)', () => {
  it('a tag ends before the next "<": a lone "<" stays text', () => {
    expect(htmlToPlainText('<p>1 < 2 <b>and</b> 3 > 2</p>')).toBe('1 < 2 and 3 > 2');
    expect(htmlToPlainText('<a x<a href="https://x.test/">X</a>')).toBe('<a xX (https://x.test/)');
  });

  it('reads each character once looking for closing tags, with or without one at the end', () => {
    for (const html of [
      '<a href="https://x.test/">'.repeat(2_000),
      `${'<a name="x">'.repeat(2_000)}</a>`,
      `${'<ol><li>'.repeat(2_000)}`,
    ]) {
      const open = new CountingPattern('<(?:a\\s|ol)[^<>]*>', 'gi');
      const close = new CountingPattern('</(?:a|ol)>', 'gi');
      replaceSpans(html, open, close, (tag) => (tag.includes('href') ? tag : null));
      expect(open.read).toBeLessThanOrEqual(html.length);
      expect(close.read).toBeLessThanOrEqual(html.length);
    }
  });

  it('composes a 10,000-character step of unclosed links and lists', () => {
    const body = `<p>${'<a href="https://x.test/"><ol><li>'.repeat(285)}</p>`;
    const mail = composeMail(input({ step: { subject: 'Hi', body } }));
    expect(mail.text).toBe('');
    expect(composeMail(input({ step: { subject: 'Hi', body: '<'.repeat(10_000) } })).text).toBe(
      '<'.repeat(10_000),
    );
  });
});

describe('spintax', () => {
  const spun = (email: string, change: Partial<ComposeInput> = {}) =>
    composeMail(
      input({
        to: { email, fname: 'Ann', lname: 'Lee' },
        step: { subject: '{Hi|Hello|Hey} {{first_name}}', body: '<p>{Thanks|Cheers}, bye</p>' },
        firstSubject: '{Hi|Hello|Hey} {{first_name}}',
        ...change,
      }),
    );

  it('sends each contact one option of every group, the same every time it is composed', () => {
    const mail = spun('ann@client.test');
    expect(mail.subject).toMatch(/^(Hi|Hello|Hey) Ann$/);
    expect(mail.html).toMatch(/^<p>(Thanks|Cheers), bye<\/p>$/);
    expect(spun('ann@client.test')).toEqual(mail);
  });

  it('spreads the options over the contacts', () => {
    const subjects = new Set(
      Array.from({ length: 40 }, (_, i) => spun(`lead${i}@client.test`).subject),
    );
    expect(subjects).toEqual(new Set(['Hi Ann', 'Hello Ann', 'Hey Ann']));
  });

  it('a follow-up repeating the spun first subject answers the very words the contact got', () => {
    const first = spun('ann@client.test');
    const followUp = spun('ann@client.test', { earlier: ['<first@sender.test>'] });
    expect(followUp.subject).toBe(`Re: ${first.subject}`);
  });
});
