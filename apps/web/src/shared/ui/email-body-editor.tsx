import '@mantine/tiptap/styles.css';
import { bodyToHtml } from '@mailhound/contracts';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { RichTextEditor } from '@mantine/tiptap';
import { IconBraces } from '@tabler/icons-react';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import classes from './email-body-editor.module.css';
import {
  movesIntoVariablesMenu,
  type TemplateVariableChoice,
  VariablesMenu,
} from './variables-menu.tsx';

// What an e-mail needs: paragraphs, bold, italic, underline, lists, links (not opened by a
// click while writing). Not Mantine's link extension: its Mod+K opens the link editor of every
// editor on the page (one per step). No trailing empty paragraph after a list: it would be sent.
const extensions = [
  StarterKit.configure({
    link: { openOnClick: false },
    code: false,
    codeBlock: false,
    trailingNode: false,
  }),
];

type EmailBodyEditorHandle = { focus: () => void };

// The HTML the form holds: an editor with nothing in it is an empty body.
const editorHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function variableContent(variable: TemplateVariableChoice) {
  if (!variable.asLink) return { type: 'text', text: variable.token };
  return {
    type: 'text',
    text: variable.token,
    marks: [{ type: 'link', attrs: { href: variable.token } }],
  };
}

// How many reported changes the editor remembers while the form has not caught up with them.
const maxUnanswered = 100;

// An e-mail body written as rich text; the value is HTML. A body saved as plain text opens
// with its paragraphs and line breaks (bodyToHtml).
export function EmailBodyEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  required = false,
  variables,
  ref,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  // Offered in a "Variables" menu of the toolbar.
  variables?: readonly TemplateVariableChoice[];
  ref?: Ref<EmailBodyEditorHandle>;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const invalid = Boolean(error);
  // The HTML this editor reported that the form has not caught up with yet, oldest first, the
  // latest last. A value among them is an echo of typing still on its way back through the form
  // (React can render a change after the next key on a busy machine): it must not replace what
  // was typed since. Any other value was set from outside (a template loaded) and replaces the
  // content.
  const reported = useRef([value]);
  // Coming into a body for the first time (its label, a variable, an error to fix), the caret
  // goes after what is already written; later it goes back where the user left it.
  const focusedBefore = useRef(false);
  const [content] = useState(() => bodyToHtml(value));
  const editorProps = useMemo(
    () => ({
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        'aria-required': String(required),
        'aria-invalid': String(invalid),
        ...(invalid ? { 'aria-describedby': errorId } : {}),
      },
    }),
    [labelId, errorId, required, invalid],
  );
  const editor = useEditor({
    extensions,
    content,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const html = editorHtml(changed);
      reported.current = [...reported.current.slice(1 - maxUnanswered), html];
      onChange(html);
    },
    onFocus: () => {
      focusedBefore.current = true;
    },
    onBlur: ({ event }) => {
      if (!movesIntoVariablesMenu(event)) onBlur?.();
    },
  });

  useEffect(() => {
    const echoed = reported.current.lastIndexOf(value);
    if (echoed >= 0) {
      reported.current = reported.current.slice(echoed);
      return;
    }
    reported.current = [value];
    editor.commands.setContent(bodyToHtml(value), { emitUpdate: false });
  }, [editor, value]);

  const focusEditor = () => editor.chain().focus(focusedBefore.current ? undefined : 'end');

  const insertVariable = (variable: TemplateVariableChoice) => {
    const chain = focusEditor().insertContent(variableContent(variable));
    // The link ends with the variable: what is typed next is plain text.
    (variable.asLink ? chain.unsetMark('link') : chain).run();
  };

  useImperativeHandle(ref, () => ({ focus: () => focusEditor().run() }));

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => focusEditor().run() }}
      required={required}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        mod={{ invalid }}
        classNames={{ root: classes.root, content: classes.content }}
      >
        <RichTextEditor.Toolbar role="toolbar" aria-label={`${label} formatting`}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link popoverProps={{ hideDetached: false }} />
            <RichTextEditor.Unlink />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          {variables && variables.length > 0 && (
            <VariablesMenu
              variables={variables}
              onPick={insertVariable}
              // At once, not in the next frame as Tiptap's focus does: a click outside that
              // closed the menu must keep the focus it gives.
              onClose={() => editor.view.focus()}
            >
              <RichTextEditor.Control aria-label="Variables" title="Variables" px="xs">
                <IconBraces size={16} />
                <span className={classes.variablesLabel}>Variables</span>
              </RichTextEditor.Control>
            </VariablesMenu>
          )}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
