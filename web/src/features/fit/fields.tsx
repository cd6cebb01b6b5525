import { NativeSelect, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { FIT_NAMESPACE } from './i18n';

/** A field's error text by its path (`left.lengthMm`), when it has one. */
export type FieldErrorOf = (path: string) => string | undefined;

/** A number input's value as the profile keeps it: an empty input is no answer. */
function numberOrNull(value: number | string): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A number in `range`, whole unless `halves` (a shoe size): empty is no answer, and a number out of
 * range stays as typed, for the form to say so at the field.
 */
export function RangeInput({ range, halves = false, value, onChange, ...field }: {
  label: string;
  description?: string;
  range: readonly [number, number];
  halves?: boolean;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  error?: string;
}) {
  return (
    <NumberInput
      {...field}
      min={range[0]}
      max={range[1]}
      allowDecimal={halves}
      {...(halves && { step: 0.5, decimalScale: 1 })}
      allowNegative={false}
      clampBehavior="none"
      value={value ?? ''}
      onChange={(changed) => onChange(numberOrNull(changed))}
    />
  );
}

/** One closed question: "Not answered" or one of `choices`. */
export function ChoiceSelect<T extends string>({ label, description, choices, labelOf, value, onChange }: {
  label: string;
  description?: string;
  choices: readonly T[];
  labelOf: (value: T) => string;
  value: T | null | undefined;
  onChange: (value: T | null) => void;
}) {
  const { t } = useTranslation(FIT_NAMESPACE);
  return (
    <NativeSelect
      label={label}
      description={description}
      data={[{ value: '', label: t('choice.none') }, ...choices.map((choice) => ({ value: choice, label: labelOf(choice) }))]}
      value={value ?? ''}
      onChange={(event) => onChange(choices.find((choice) => choice === event.currentTarget.value) ?? null)}
    />
  );
}
