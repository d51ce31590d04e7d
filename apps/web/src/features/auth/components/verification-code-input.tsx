import { CODE_LENGTH } from '@mailhound/contracts';
import { Group, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

type VerificationCodeInputProps = {
  value: string[];
  onChange: (digits: string[]) => void;
  error: boolean;
  disabled?: boolean;
};

// Six boxes, one digit each; focus follows typing and Backspace, and pasting the whole
// code fills every box (product-spec §2 "E-mail verification").
export function VerificationCodeInput({
  value,
  onChange,
  error,
  disabled,
}: VerificationCodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) =>
    inputs.current[Math.max(0, Math.min(index, CODE_LENGTH - 1))]?.focus();

  const setDigit = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  // Writes a run of digits from a box on (a whole code from the first box) and focuses the
  // box after the last one written.
  const fill = (index: number, digits: string[]) => {
    const start = digits.length >= CODE_LENGTH ? 0 : index;
    const next = [...value];
    digits.slice(0, CODE_LENGTH - start).forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focus(start + digits.length);
  };

  // Input that comes without a key press (a phone keyboard, the browser's one-time-code
  // autofill): keep the newest digit, or spread a whole code over the boxes.
  const onInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '').split('');
    if (raw !== '' && digits.length === 0) return;
    if (digits.length >= CODE_LENGTH) return fill(index, digits);
    const digit = digits.at(-1) ?? '';
    setDigit(index, digit);
    if (digit !== '') focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const plainKey = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (plainKey && /^\d$/.test(event.key)) {
      // A digit always replaces the box's digit and moves on, even when it is the same digit:
      // the browser fires no change for a value that stays equal, so it is taken here.
      event.preventDefault();
      fill(index, [event.key]);
    } else if (event.key === 'Backspace') {
      // Backspace clears the box wherever the caret is; in an empty box it clears the one before.
      event.preventDefault();
      if (value[index] !== '') return setDigit(index, '');
      setDigit(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').split('');
    if (digits.length > 0) fill(index, digits);
  };

  return (
    <Group gap="xs" justify="center" wrap="nowrap">
      {value.map((digit, index) => (
        <TextInput
          // The boxes are fixed positions, never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the box's identity
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          value={digit}
          onChange={(event) => onInput(index, event.currentTarget.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          aria-label={`Digit ${index + 1}`}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          error={error}
          disabled={disabled}
          w={48}
          styles={{ input: { textAlign: 'center', fontSize: 20 } }}
        />
      ))}
    </Group>
  );
}

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');
