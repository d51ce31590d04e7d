import { spintaxMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { typeIntoEditor } from '../../../test/rich-text-editor.ts';
import { logInWithMail, makeCampaign, serveCampaign } from '../campaigns.test-kit.ts';

type Step = {
  subject: string;
  body: string;
  variants?: { subject: string; body: string }[];
  email_gap: number;
};

function openSequences(steps: Step[] = []) {
  const server = createFakeServer({});
  logInWithMail(server);
  serveCampaign(server, makeCampaign({ steps }));
  const app = renderApp('/campaigns/campaign-configuration/camp-1/sequences');
  return { server, ...app };
}

const step = (number: number) => within(screen.getByRole('region', { name: `Step ${number}` }));
const patches = (server: ReturnType<typeof openSequences>['server']) =>
  server.requestsTo('PATCH /api/mail/campaigns/camp-1').map((request) => request.body);

describe('sequences step (product-spec §5 Campaign steps)', () => {
  it('writes two steps with a variable and a gap in days, the first step’s gap 0', async () => {
    const { server, user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    await user.type(step(1).getByRole('textbox', { name: /Subject/ }), 'Hello');
    const body = step(1).getByRole('textbox', { name: 'Body' });
    await typeIntoEditor(user, body, 'Hi ');
    await user.click(step(1).getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'First Name' }));
    await waitFor(() => expect(body).toHaveFocus());
    await typeIntoEditor(user, body, ',');
    expect(body).toHaveTextContent('Hi {{first_name}},');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.type(step(2).getByRole('textbox', { name: /Subject/ }), 'Following up');
    await typeIntoEditor(user, step(2).getByRole('textbox', { name: 'Body' }), 'Any news?');
    const gap = step(2).getByRole('textbox', { name: /Wait \(days\)/ });
    await user.clear(gap);
    await user.type(gap, '003');
    expect(gap).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(server)).toEqual([
        {
          steps: [
            { subject: 'Hello', body: '<p>Hi {{first_name}},</p>', email_gap: 0 },
            { subject: 'Following up', body: '<p>Any news?</p>', email_gap: 3 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Sequences saved.')).toBeInTheDocument();
  });

  it('offers exactly the four variables, to the Subject and to the Body', async () => {
    const { user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    for (const menu of ['Subject variables', 'Variables']) {
      await user.click(step(1).getByRole('button', { name: menu }));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'First Name',
        'Last Name',
        'Email',
        'Unsubscribe Link',
      ]);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
  });

  it('requires a subject of at most 50 characters and a body with text once HTML is stripped', async () => {
    const { server, user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    // Paragraphs with nothing in them are no body.
    await typeIntoEditor(user, step(1).getByRole('textbox', { name: 'Body' }), ' {Enter} ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    const subject = step(1).getByRole('textbox', { name: /Subject/ });
    await user.type(subject, 's'.repeat(60));
    expect(subject).toHaveValue('s'.repeat(50));
    expect(step(1).getByText('50/50')).toBeInTheDocument();
    expect(patches(server)).toEqual([]);
  });

  it('says "Subject contains invalid variables" and "Body contains invalid variables"', async () => {
    const { server, user } = openSequences([
      { subject: 'Hi {{company}}', body: '<p>Dear {{first_name}} {{title}}</p>', email_gap: 0 },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subject contains invalid variables')).toBeInTheDocument();
    expect(screen.getByText('Body contains invalid variables')).toBeInTheDocument();
    expect(patches(server)).toEqual([]);
  });

  it('checks a step as it is typed, before the field is left', async () => {
    const { user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    const subject = step(1).getByRole('textbox', { name: /Subject/ });
    // '{{' is how user-event types one '{'.
    await user.type(subject, 'Hi {{{{company}}');
    expect(subject).toHaveValue('Hi {{company}}');
    expect(subject).toHaveFocus();
    expect(await step(1).findByText('Subject contains invalid variables')).toBeVisible();
    await user.clear(subject);
    expect(await step(1).findByText('This field is required')).toBeVisible();
    // The body, not typed in yet, says nothing.
    expect(step(1).getAllByText('This field is required')).toHaveLength(1);
  });

  it('says an unclosed spintax group in words as it is typed, and saves a closed one', async () => {
    const { server, user } = openSequences([
      { subject: 'Hello', body: '<p>Dear {{first_name}}</p>', email_gap: 0 },
    ]);
    await screen.findByRole('region', { name: 'Step 1' });
    const subject = step(1).getByRole('textbox', { name: /Subject/ });
    await user.clear(subject);
    // '{{' is how user-event types one '{'.
    await user.type(subject, '{{Hi|Hello {{{{first_name}}');
    expect(subject).toHaveValue('{Hi|Hello {{first_name}}');
    expect(await step(1).findByText(spintaxMessages.unclosed)).toBeVisible();
    await user.type(subject, '}');
    await waitFor(() => expect(step(1).queryByText(spintaxMessages.unclosed)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(server)).toEqual([
        {
          steps: [
            {
              subject: '{Hi|Hello {{first_name}}}',
              body: '<p>Dear {{first_name}}</p>',
              email_gap: 0,
            },
          ],
        },
      ]),
    );
  });

  it('checks the Body as it is typed, and when it is left empty', async () => {
    const { user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    const body = step(1).getByRole('textbox', { name: 'Body' });
    await typeIntoEditor(user, body, 'Dear {{{{title}}');
    expect(await step(1).findByText('Body contains invalid variables')).toBeVisible();
    expect(body).toHaveFocus();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription('Body contains invalid variables');
    await typeIntoEditor(user, body, '{Control>}a{/Control}{Backspace}');
    expect(await step(1).findByText('This field is required')).toBeVisible();
    // The Subject, not typed in yet, says nothing.
    expect(step(1).getAllByText('This field is required')).toHaveLength(1);
  });

  it('says an untouched Body is required once it is left', async () => {
    const { user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    const body = step(1).getByRole('textbox', { name: 'Body' });
    await typeIntoEditor(user, body, '');
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.tab();
    expect(await step(1).findByText('This field is required')).toBeVisible();
  });

  it('puts a variable into the Subject at its caret, the Body untouched', async () => {
    const { user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    const subject = step(1).getByRole('textbox', { name: /Subject/ });
    const body = step(1).getByRole('textbox', { name: 'Body' });
    await typeIntoEditor(user, body, 'Dear');
    await user.type(subject, 'Hi !');
    await user.keyboard('{ArrowLeft}');
    await user.click(step(1).getByRole('button', { name: 'Subject variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'First Name' }));
    expect(subject).toHaveValue('Hi {{first_name}}!');
    await waitFor(() => expect(subject).toHaveFocus());
    // The caret sits right after the variable.
    await user.keyboard(' and co');
    expect(subject).toHaveValue('Hi {{first_name}} and co!');
    expect(body).toHaveTextContent(/^Dear$/);
  });

  it('opens a step saved as plain text as paragraphs, a variable going after its text', async () => {
    const { server, user } = openSequences([
      { subject: 'Hello', body: 'Hi,\n\nBest regards\nSam', email_gap: 0 },
    ]);
    await screen.findByRole('region', { name: 'Step 1' });
    const body = step(1).getByRole('textbox', { name: 'Body' });
    expect(body.querySelectorAll('p')).toHaveLength(2);
    expect(body.querySelector('br')).not.toBeNull();
    await user.click(step(1).getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(server)).toEqual([
        {
          steps: [
            {
              subject: 'Hello',
              body: '<p>Hi,</p><p>Best regards<br>Sam{{email}}</p>',
              email_gap: 0,
            },
          ],
        },
      ]),
    );
  });

  it('a variable picked for an empty Subject lands there, with no error on the way', async () => {
    const { user } = openSequences();
    await screen.findByRole('region', { name: 'Step 1' });
    const subject = step(1).getByRole('textbox', { name: /Subject/ });
    await user.click(subject);
    await user.click(step(1).getByRole('button', { name: 'Subject variables' }));
    // Going into the menu is not leaving the Subject.
    const item = await screen.findByRole('menuitem', { name: 'First Name' });
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.click(item);
    expect(subject).toHaveValue('{{first_name}}');
    await waitFor(() => expect(subject).toHaveFocus());
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('a step added after a refused Save starts without errors', async () => {
    const { user } = openSequences();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await step(1).findAllByText('This field is required')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    const added = await screen.findByRole('region', { name: 'Step 2' });
    // The new step is ready to be written, from its subject.
    expect(within(added).getByRole('textbox', { name: /Subject/ })).toHaveFocus();
    expect(within(added).queryByText('This field is required')).toBeNull();
    expect(step(1).getAllByText('This field is required')).toHaveLength(2);
    // Touched and left empty, the new step's subject says so.
    await user.click(within(added).getByRole('textbox', { name: /Subject/ }));
    await user.tab();
    expect(await within(added).findByText('This field is required')).toBeInTheDocument();
  });

  it('adding a step to an untouched one shows no errors on either', async () => {
    const { user } = openSequences();
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    await screen.findByRole('region', { name: 'Step 2' });
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  // Twenty rich-text editors take a while to mount under jsdom: a longer timeout.
  it('offers no more than 20 steps, saying why', async () => {
    const saved = { subject: 'Hello', body: '<p>Hi</p>', email_gap: 1 };
    const { user } = openSequences(Array(19).fill(saved));
    await screen.findByRole('region', { name: 'Step 19' });
    expect(screen.queryByText('A campaign can have at most 20 steps.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(await screen.findByRole('region', { name: 'Step 20' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add step' })).toBeDisabled();
    expect(screen.getByText('A campaign can have at most 20 steps.')).toBeInTheDocument();
  }, 30_000);

  it('removes a step', async () => {
    const { server, user } = openSequences([
      { subject: 'One', body: 'First', email_gap: 0 },
      { subject: 'Two', body: 'Second', email_gap: 2 },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Step 1 actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove step' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The remaining step now goes out first.
    await waitFor(() =>
      expect(patches(server)).toEqual([
        { steps: [{ subject: 'Two', body: 'Second', email_gap: 0 }] },
      ]),
    );
  });
});

describe('e-mail templates', () => {
  it('saves a step as a named template', async () => {
    const { server, user } = openSequences([
      { subject: 'Intro', body: '<p>Hi {{first_name}}</p>', email_gap: 0 },
    ]);
    server.on('POST /api/mail/email/templates', (request) => ({
      status: 201,
      body: { id: 't-1', ...(request.body as object) },
    }));
    await user.click(await screen.findByRole('button', { name: 'Step 1 actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as Template' });
    const name = within(dialog).getByRole('textbox', { name: 'Template Name' });
    await user.clear(name);
    await user.type(name, 'Intro mail');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('POST /api/mail/email/templates')[0]?.body).toEqual({
      name: 'Intro mail',
      subject: 'Intro',
      body: '<p>Hi {{first_name}}</p>',
    });
    // The template's form did not save the sequence.
    expect(patches(server)).toEqual([]);
  });

  it('checks the template name as it is typed', async () => {
    const { user } = openSequences([{ subject: 'Intro', body: '<p>Hi</p>', email_gap: 0 }]);
    await user.click(await screen.findByRole('button', { name: 'Step 1 actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as Template' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Template Name' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
  });

  it('will not save a step that breaks its rules as a template', async () => {
    const { user } = openSequences();
    await user.click(await screen.findByRole('button', { name: 'Step 1 actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save as template' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists templates, loads one into the step and deletes another', async () => {
    const { server, user } = openSequences();
    const templates = [
      { id: 't-1', name: 'Intro mail', subject: 'Intro', body: '<p>Hi {{first_name}}</p>' },
      { id: 't-2', name: 'Old one', subject: 'Old', body: 'Old body' },
    ];
    server.on('GET /api/mail/email/templates/list', () => ({ body: templates }));
    server.on('GET /api/mail/email/templates/t-1', { body: templates[0] });
    server.on('DELETE /api/mail/email/templates/t-2', () => {
      templates.pop();
      return { body: { message: 'Template deleted' } };
    });
    await user.click(await screen.findByRole('button', { name: 'Step 1 actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Load template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Old one' }));
    await waitFor(() => expect(within(dialog).queryByText('Old one')).toBeNull());
    expect(server.requestsTo('DELETE /api/mail/email/templates/t-2')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Load Intro mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(step(1).getByRole('textbox', { name: /Subject/ })).toHaveValue('Intro');
    expect(step(1).getByRole('textbox', { name: 'Body' })).toHaveTextContent(
      /^Hi \{\{first_name\}\}$/,
    );
  });
});

describe('A/B variants of a step (issue 25)', () => {
  it('adds variants B and C as tabs, each checked as typed, removes one and saves the rest', async () => {
    const { server, user } = openSequences([
      { subject: 'Hello', body: '<p>Dear {{first_name}}</p>', email_gap: 0 },
    ]);
    await screen.findByRole('region', { name: 'Step 1' });
    await user.click(step(1).getByRole('button', { name: 'Add variant' }));
    expect(step(1).getByRole('tab', { name: 'Variant B' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const subjectB = step(1).getByRole('textbox', { name: /Subject/ });
    expect(subjectB).toHaveValue('');
    await user.type(subjectB, '{{Quick|Short question');
    expect(await step(1).findByText(spintaxMessages.unclosed)).toBeVisible();
    await user.type(subjectB, '}');
    await waitFor(() => expect(step(1).queryByText(spintaxMessages.unclosed)).toBeNull());
    await typeIntoEditor(user, step(1).getByRole('textbox', { name: 'Body' }), 'Variant B body');
    await user.click(step(1).getByRole('button', { name: 'Add variant' }));
    await user.type(step(1).getByRole('textbox', { name: /Subject/ }), 'Third try');
    await typeIntoEditor(user, step(1).getByRole('textbox', { name: 'Body' }), 'C body');
    await user.click(step(1).getByRole('button', { name: 'Add variant' }));
    expect(
      step(1)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['A', 'B', 'C', 'D']);
    // Four is the most.
    expect(step(1).getByRole('button', { name: 'Add variant' })).toBeDisabled();
    await user.click(step(1).getByRole('button', { name: 'Remove variant D' }));
    await user.click(step(1).getByRole('tab', { name: 'Variant A' }));
    expect(step(1).getByRole('textbox', { name: /Subject/ })).toHaveValue('Hello');
    await user.click(step(1).getByRole('tab', { name: 'Variant B' }));
    await user.click(step(1).getByRole('button', { name: 'Remove variant B' }));
    expect(
      step(1)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['A', 'B']);
    await user.click(step(1).getByRole('tab', { name: 'Variant B' }));
    expect(step(1).getByRole('textbox', { name: /Subject/ })).toHaveValue('Third try');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(server)).toEqual([
        {
          steps: [
            {
              subject: 'Hello',
              body: '<p>Dear {{first_name}}</p>',
              variants: [{ subject: 'Third try', body: '<p>C body</p>' }],
              email_gap: 0,
            },
          ],
        },
      ]),
    );
  });

  it('shows saved variants, and an empty one keeps the Save from going out', async () => {
    const { server, user } = openSequences([
      {
        subject: 'Hello',
        body: '<p>A</p>',
        variants: [{ subject: 'Other', body: '<p>B</p>' }],
        email_gap: 0,
      },
    ]);
    await screen.findByRole('region', { name: 'Step 1' });
    await user.click(step(1).getByRole('tab', { name: 'Variant B' }));
    expect(step(1).getByRole('textbox', { name: /Subject/ })).toHaveValue('Other');
    await user.click(step(1).getByRole('button', { name: 'Add variant' }));
    await user.click(step(1).getByRole('tab', { name: 'Variant A' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(step(1).getByRole('tab', { name: 'Variant C' }));
    expect(await step(1).findAllByText('This field is required')).toHaveLength(2);
    expect(patches(server)).toEqual([]);
  });
});
