import { ApiError, isQueuedWrite } from '../../../api/errors';
import { useForm, type FieldErrors } from '../../../lib/form/useForm';
import { useAdminText } from '../adminTexts';
import { notifySuccess } from './notify';

type Values = Record<string, string | boolean>;

/**
 * A settings card's form: `useForm` speaking the admin's texts, whose submit runs `save` and then says
 * `savedText`. The server's per-field problems (keyed by the dotted path, `smtp.host`) show at the fields;
 * any other failure above the Save button; a save made offline, none.
 */
export function useSettingsForm<V extends Values>(initial: V, check: (values: V) => FieldErrors<V>, save: (values: V) => Promise<unknown>, savedText: string) {
  const { problemText, errorText } = useAdminText();
  const form = useForm(initial, check, problemText);
  const submit = form.onSubmit(async () => {
    try {
      await save(form.values);
      notifySuccess(savedText);
    } catch (failure) {
      // Made offline, it waits in the offline queue (the network indicator says so): the card keeps the values.
      if (isQueuedWrite(failure)) return;
      const fields = failure instanceof ApiError ? Object.keys(failure.fields) : [];
      if (fields.some((name) => name in initial)) form.showServerErrors((failure as ApiError).fields);
      else form.setError(errorText(failure));
    }
  });

  /** Props for a NumberInput bound to `name` (kept as typed, out of range included, so its error shows). */
  const numberField = (name: keyof V & string) => ({
    name,
    value: String(form.values[name]),
    onChange: (value: string | number) => form.setValue(name, String(value) as V[typeof name]),
    error: form.errorOf(name),
    'aria-invalid': form.errorOf(name) ? true : undefined,
    allowDecimal: false,
    clampBehavior: 'none' as const,
  });

  return { ...form, submit, numberField };
}
