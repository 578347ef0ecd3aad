import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';

/**
 * PIN entry: `length` (default 4) single-digit boxes.
 * - digits only; typing a digit fills the box and moves focus to the next one
 * - Backspace clears the current box, or (when it is already empty) the previous one and moves there
 * - ArrowLeft / ArrowRight move between boxes
 * - pasting digits (e.g. "1234") fills the boxes from the first one
 * - each box is labelled "PIN digit 1" ... for screen readers (prefix with `label`)
 * Controlled: `value` is the digit string (at most `length` characters), `onChange` receives the new one.
 * `onComplete` fires when all boxes are filled.
 */
export interface PinInputProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  length?: number;
  /** Accessible label prefix; boxes are labelled "<label> digit N". Default "PIN". */
  label?: string;
  /** id of the first box (so an external <label htmlFor> can point at it). */
  id?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Show the digits as dots (default true). */
  masked?: boolean;
  invalid?: boolean;
}

const Row = styled.div`
  display: flex; gap: 8px; justify-content: center;
`;

const Box = styled.input<{ $invalid?: boolean }>`
  width: 44px; height: 48px; text-align: center; font-size: 20px; font-weight: 600;
  border: 1px solid ${(p) => (p.$invalid ? p.theme.colors.destructive : p.theme.colors.border)};
  border-radius: ${(p) => p.theme.radius.md};
  background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.foreground};
  &:focus { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 1px; }
  &:disabled { opacity: .6; cursor: not-allowed; }
`;

const onlyDigits = (s: string) => s.replace(/\D/g, '');

export function PinInput({
  value,
  onChange,
  onComplete,
  length = 4,
  label = 'PIN',
  id,
  disabled,
  autoFocus,
  masked = true,
  invalid,
}: PinInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = onlyDigits(value).slice(0, length);

  const focus = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, i))];
    if (el) {
      el.focus();
      el.select();
    }
  };

  const emit = (next: string) => {
    const clean = onlyDigits(next).slice(0, length);
    onChange(clean);
    if (clean.length === length && onComplete) onComplete(clean);
  };

  // Set the digit at position i (boxes before i that are empty are not skipped: the value is a
  // contiguous string, so typing into a later box appends at the first free position).
  const setAt = (i: number, d: string) => {
    const arr = digits.split('');
    const pos = Math.min(i, arr.length);
    arr[pos] = d;
    emit(arr.join(''));
    focus(pos + 1);
  };

  const handleInput = (i: number, raw: string) => {
    const typed = onlyDigits(raw);
    if (!typed) return;
    if (typed.length > 1) {
      // Autofill / IME delivering several digits at once: treat like a paste at this box.
      const start = Math.min(i, digits.length);
      const next = (digits.slice(0, start) + typed).slice(0, length);
      emit(next);
      focus(next.length);
      return;
    }
    setAt(i, typed);
  };

  const handleKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      if (i < digits.length) {
        // clear this box and everything after it keeps contiguity
        emit(digits.slice(0, i) + digits.slice(i + 1));
        focus(i);
      } else if (i > 0) {
        emit(digits.slice(0, i - 1) + digits.slice(i));
        focus(i - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(Math.min(i + 1, digits.length));
    } else if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault(); // digits only
    }
  };

  const handlePaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = onlyDigits(e.clipboardData.getData('text'));
    if (!pasted) return;
    const start = pasted.length >= length ? 0 : Math.min(i, digits.length);
    const next = (digits.slice(0, start) + pasted).slice(0, length);
    emit(next);
    focus(next.length);
  };

  return (
    <Row role="group" aria-label={label}>
      {Array.from({ length }, (_, i) => (
        <Box
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={i === 0 ? id : undefined}
          type={masked ? 'password' : 'text'}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={length}
          aria-label={`${label} digit ${i + 1}`}
          aria-invalid={invalid || undefined}
          $invalid={invalid}
          value={digits[i] ?? ''}
          disabled={disabled}
          autoFocus={autoFocus && i === 0}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => handleInput(i, e.currentTarget.value.replace(digits[i] ?? '', '') || e.currentTarget.value)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onPaste={(e) => handlePaste(i, e)}
        />
      ))}
    </Row>
  );
}
