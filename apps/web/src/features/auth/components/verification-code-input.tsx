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

  const onInput = (index: number, raw: string) => {
    // Keep the newest character typed, and only digits.
    const digit = raw.replace(/\D/g, '').slice(-1);
    if (raw !== '' && digit === '') return;
    setDigit(index, digit);
    if (digit !== '') focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '') {
      event.preventDefault();
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
    if (digits.length === 0) return;
    // A whole code fills every box; a shorter run fills from the box pasted into.
    const start = digits.length >= CODE_LENGTH ? 0 : index;
    const next = [...value];
    digits.slice(0, CODE_LENGTH - start).forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focus(start + digits.length);
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
