import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

import type { Problem } from '../../api/errors';
import { useMessageText } from '../../i18n/useMessageText';

type Values = Record<string, string | boolean>;
/** Each invalid field's problem (a code and its values), worded when shown. */
export type FieldErrors<V> = Partial<Record<keyof V & string, Problem>>;

/**
 * A small form: values, per-field problems (shown in the interface language), client checks that run on
 * submit and then on every change, the server's per-field answer, focus on the first invalid field, and
 * the form-wide error and busy state of sending it.
 */
export function useForm<V extends Values>(
  initial: V,
  check: (values: V) => FieldErrors<V>,
  /** Words a problem; the admin passes its own, which knows its codes too. */
  wording?: (problem: Problem) => string,
) {
  const { problemText: publicText } = useMessageText();
  const problemText = wording ?? publicText;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string>();
  /** The last send was made offline and waits in the offline queue (a dialog closes as after a save). */
  const [queued, setQueued] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstInvalid = useCallback(() => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }, []);

  /** Sets several fields in one change: `setValue` calls in a row would each start from the same values and undo one another. */
  const setFields = (changed: Partial<V>) => {
    const next = { ...values, ...changed };
    setValues(next);
    if (checked) setErrors(check(next));
    else if (Object.keys(changed).some((name) => errors[name as keyof V & string])) {
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => !(name in changed))) as FieldErrors<V>);
    }
  };

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => setFields({ [name]: value } as unknown as Partial<V>);

  /** Runs the checks; true when the form may be sent. */
  const validate = () => {
    const found = check(values);
    setChecked(true);
    setErrors(found);
    const valid = Object.values(found).every((problem) => problem === undefined);
    if (!valid) focusFirstInvalid();
    return valid;
  };

  /** Shows the server's problems (its `fields` as they come), or others found outside the checks, at the fields this form has. */
  const showServerErrors = (fields: Record<string, Problem>) => {
    const own = Object.fromEntries(Object.entries(fields).filter(([name]) => name in initial)) as FieldErrors<V>;
    setErrors(own);
    focusFirstInvalid();
  };

  const errorOf = (name: keyof V & string) => {
    const problem = errors[name];
    return problem ? problemText(problem) : undefined;
  };

  /**
   * Props for a text input bound to `name`. `aria-invalid` is set here as well: Mantine's PasswordInput does
   * not set it, and it is what screen readers announce and what `focusFirstInvalid` looks for.
   */
  const textField = (name: keyof V & string) => ({
    name,
    value: String(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.currentTarget.value as V[typeof name]),
    error: errorOf(name),
    'aria-invalid': errors[name] ? true : undefined,
  });

  /** A submit handler: clears the last error, runs the checks, then `send` while the form shows busy. */
  const onSubmit = (send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setQueued(false);
    if (!validate()) return;
    setBusy(true);
    try {
      await send();
    } finally {
      setBusy(false);
    }
  };

  const markQueued = () => setQueued(true);

  return { values, setValue, setFields, showServerErrors, errorOf, textField, formRef, error, setError, queued, markQueued, busy, onSubmit };
}
