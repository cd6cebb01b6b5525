import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

interface Props extends Omit<TextInputProps, 'type' | 'value' | 'onChange' | 'prefix' | 'step'> {
  value: number | undefined;
  /** The number typed, or undefined for an empty box or anything but a number of at least 0. */
  onChange: (value: number | undefined) => void;
  /** Put before the box's text, as a currency sign. */
  prefix?: string;
  step?: number;
}

/** The amount a box's text means: undefined for an empty box or anything but a number of at least 0. */
export function readAmount(text: string): number | undefined {
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * A number to type (a size, a price): the browser's own number box, with a phone's number pad. Mantine's
 * NumberInput was the slowest part of the drawn finder to take over (about 40 ms of a phone's main thread
 * for the first one, with react-number-format behind it).
 */
export function AmountInput({ value, onChange, prefix, step, ...props }: Props) {
  // What was typed, kept while it means the value ("10.0" stays as typed); the value's own text otherwise
  // (the value changed from outside, as when the filters are cleared).
  const [typed, setTyped] = useState('');
  const shown = readAmount(typed) === value ? typed : value === undefined ? '' : String(value);
  return (
    <TextInput
      {...props}
      type="number"
      inputMode="decimal"
      min={0}
      step={step ?? 'any'}
      leftSection={prefix}
      value={shown}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        onChange(readAmount(event.currentTarget.value));
      }}
    />
  );
}
