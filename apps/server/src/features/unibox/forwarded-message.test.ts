import type { ThreadMessage } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { forwardedBlock } from './forwarded-message.ts';

const message: ThreadMessage = {
  id: 'b6a0c7f4-7c1e-4d57-9c61-4a4f1a0c2e11',
  direction: 'in',
  kind: 'reply',
  from: { email: 'gus@client.test', name: 'Gus <Client>' },
  to: [{ email: 'sales@sender.test', name: 'Sales' }],
  cc: [{ email: 'cfo@client.test', name: '' }],
  subject: 'Re: Quick question, Gus',
  text: 'Call me: 5 < 6 & "soon"',
  quoted_text: '> Hi Gus',
  date: '2030-03-04T11:00:00.000Z',
  step: 1,
  bounce: null,
};

describe('the forwarded message under a forward’s note', () => {
  it('names its sender, date, subject, recipients and Cc, then its body with the quoted part', () => {
    expect(forwardedBlock(message).text).toBe(
      [
        '---------- Forwarded message ---------',
        'From: Gus <Client> <gus@client.test>',
        'Date: Mon, 04 Mar 2030 11:00:00 GMT',
        'Subject: Re: Quick question, Gus',
        'To: Sales <sales@sender.test>',
        'Cc: cfo@client.test',
        '',
        'Call me: 5 < 6 & "soon"',
        '',
        '> Hi Gus',
      ].join('\n'),
    );
  });

  it('escapes the message in its HTML form, line by line', () => {
    const { html } = forwardedBlock(message);
    expect(html).toContain('From: Gus &lt;Client&gt; &lt;gus@client.test&gt;<br>');
    expect(html).toContain('Call me: 5 &lt; 6 &amp; &quot;soon&quot;<br>\n<br>\n&gt; Hi Gus');
    expect(html).not.toContain('<Client>');
  });
});
