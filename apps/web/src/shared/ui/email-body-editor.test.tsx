import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { typeIntoEditor } from '../../test/rich-text-editor.ts';
import { EmailBodyEditor } from './email-body-editor.tsx';

const variables = [
  { label: 'First Name', token: '{{first_name}}' },
  { label: 'Unsubscribe Link', token: '{{unsubscribe_link}}', asLink: true },
];

// The editor inside a form field that holds its HTML, shown for the test to read.
function Field({ initial, onBlur }: { initial: string; onBlur: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <EmailBodyEditor
        label="Body"
        required
        value={value}
        onChange={setValue}
        onBlur={onBlur}
        variables={variables}
      />
      <output aria-label="HTML">{value}</output>
      <button type="button" onClick={() => setValue('<p>From a template</p>')}>
        Load template
      </button>
      <button type="button">Elsewhere</button>
    </>
  );
}

function renderEditor(initial = '') {
  const onBlur = vi.fn();
  const user = userEvent.setup();
  render(
    <MantineProvider>
      <Field initial={initial} onBlur={onBlur} />
    </MantineProvider>,
  );
  const editor = screen.getByRole('textbox', { name: 'Body' });
  const html = () => screen.getByRole('status', { name: 'HTML' }).textContent;
  const toolbar = within(screen.getByRole('toolbar', { name: 'Body formatting' }));
  return { user, editor, html, toolbar, onBlur };
}

// A form that takes each change a moment late, as React can on a busy machine: what the editor
// reported comes back as the value after more was typed.
function LaggingField() {
  const [value, setValue] = useState('');
  const [pending, setPending] = useState<string[]>([]);
  return (
    <>
      <EmailBodyEditor
        label="Body"
        value={value}
        onChange={(html) => setPending((queue) => [...queue, html])}
      />
      <output aria-label="HTML">{value}</output>
      <button
        type="button"
        onClick={() => {
          setValue(pending[0] ?? value);
          setPending(pending.slice(1));
        }}
      >
        Catch up once
      </button>
    </>
  );
}

describe('e-mail body editor', () => {
  it('is named by its label and its toolbar buttons by what they do', () => {
    const { editor, toolbar } = renderEditor();
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveAttribute('aria-required', 'true');
    expect(
      toolbar.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Bullet list',
      'Ordered list',
      'Link',
      'Remove link',
      'Clear formatting',
      'Variables',
    ]);
  });

  it('keeps what was typed when the form catches up with an older value late', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <LaggingField />
      </MantineProvider>,
    );
    const editor = screen.getByRole('textbox', { name: 'Body' });
    await typeIntoEditor(user, editor, 'Hi');
    const catchUp = screen.getByRole('button', { name: 'Catch up once' });
    // The value the editor reported after 'H' arrives when 'Hi' is already written.
    await user.click(catchUp);
    expect(screen.getByRole('status', { name: 'HTML' })).toHaveTextContent('<p>H</p>');
    expect(editor).toHaveTextContent('Hi');
    await typeIntoEditor(user, editor, '!');
    await user.click(catchUp);
    await user.click(catchUp);
    expect(screen.getByRole('status', { name: 'HTML' })).toHaveTextContent('<p>Hi!</p>');
    expect(editor).toHaveTextContent('Hi!');
  });

  it('writes paragraphs as HTML and formats them from the toolbar', async () => {
    const { user, editor, html, toolbar } = renderEditor();
    await typeIntoEditor(user, editor, 'Hi Ann,{Enter}Thanks');
    expect(html()).toBe('<p>Hi Ann,</p><p>Thanks</p>');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(toolbar.getByRole('button', { name: 'Bold' }));
    await user.click(toolbar.getByRole('button', { name: 'Italic' }));
    await user.click(toolbar.getByRole('button', { name: 'Underline' }));
    expect(html()).toBe(
      '<p><strong><em><u>Hi Ann,</u></em></strong></p><p><strong><em><u>Thanks</u></em></strong></p>',
    );
    expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(toolbar.getByRole('button', { name: 'Clear formatting' }));
    expect(html()).toBe('<p>Hi Ann,</p><p>Thanks</p>');
    await user.click(toolbar.getByRole('button', { name: 'Bullet list' }));
    expect(html()).toBe('<ul><li><p>Hi Ann,</p></li><li><p>Thanks</p></li></ul>');
    await user.click(toolbar.getByRole('button', { name: 'Ordered list' }));
    expect(html()).toBe('<ol><li><p>Hi Ann,</p></li><li><p>Thanks</p></li></ol>');
    expect(editor).toHaveFocus();
  });

  it('links the selected text to the URL typed in the link editor', async () => {
    const { user, editor, html, toolbar } = renderEditor();
    await typeIntoEditor(user, editor, 'Take the tour');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(toolbar.getByRole('button', { name: 'Link' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Enter URL' }),
      'https://x.test/tour',
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(html()).toMatch(
      /^<p><a [^>]*href="https:\/\/x\.test\/tour"[^>]*>Take the tour<\/a><\/p>$/,
    );
    await user.click(toolbar.getByRole('button', { name: 'Remove link' }));
    expect(html()).toBe('<p>Take the tour</p>');
  });

  it('inserts a variable at the caret, the unsubscribe link as a link to itself', async () => {
    const { user, editor, html, toolbar, onBlur } = renderEditor();
    const typeOn = user.setup({ delay: null });
    await typeIntoEditor(user, editor, 'Hi ');
    await user.click(toolbar.getByRole('button', { name: 'Variables' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['First Name', 'Unsubscribe Link']);
    await user.click(screen.getByRole('menuitem', { name: 'First Name' }));
    await waitFor(() => expect(editor).toHaveFocus());
    await typeOn.keyboard('!{Enter}');
    await user.click(toolbar.getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unsubscribe Link' }));
    await waitFor(() => expect(editor).toHaveFocus());
    await typeOn.keyboard(' to stop');
    expect(html()).toMatch(
      /^<p>Hi \{\{first_name\}\}!<\/p><p><a [^>]*href="\{\{unsubscribe_link\}\}"[^>]*>\{\{unsubscribe_link\}\}<\/a> to stop<\/p>$/,
    );
    // Picking a variable is not leaving the field; leaving it is.
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('a click elsewhere that closes the variables keeps the focus it gives', async () => {
    const { user, editor, toolbar } = renderEditor('<p>Dear</p>');
    await typeIntoEditor(user, editor, '');
    await user.click(toolbar.getByRole('button', { name: 'Variables' }));
    await screen.findAllByRole('menuitem');
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    await user.click(elsewhere);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await new Promise((frame) => requestAnimationFrame(frame));
    expect(elsewhere).toHaveFocus();
  });

  it('puts a variable after the text when the body was not entered yet', async () => {
    const { user, html, toolbar } = renderEditor('<p>Dear</p>');
    await user.click(toolbar.getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: 'First Name' }));
    expect(html()).toBe('<p>Dear{{first_name}}</p>');
  });

  it('opens a body saved as plain text with its paragraphs and line breaks', async () => {
    const { user, editor, html } = renderEditor('Hi Ann,\n\nThanks,\nSam');
    expect(editor.innerHTML).toMatch(/^<p>Hi Ann,<\/p><p>Thanks,<br[^>]*>Sam<\/p>$/);
    // Unchanged until it is edited.
    expect(html()).toBe('Hi Ann,\n\nThanks,\nSam');
    // Entered for the first time, the caret goes after what is written.
    await typeIntoEditor(user, editor, ' Lee');
    expect(html()).toBe('<p>Hi Ann,</p><p>Thanks,<br>Sam Lee</p>');
  });

  it('shows a value set from outside, and reports an emptied editor as an empty body', async () => {
    const { user, editor, html } = renderEditor('<p>Old</p>');
    await user.click(screen.getByRole('button', { name: 'Load template' }));
    await waitFor(() => expect(editor).toHaveTextContent('From a template'));
    await typeIntoEditor(user, editor, '{Control>}a{/Control}{Backspace}');
    expect(html()).toBe('');
  });
});
