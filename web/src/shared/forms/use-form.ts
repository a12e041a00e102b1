import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export type FormErrors<T> = Partial<Record<keyof T, string>>;

export type UseFormOptions<T> = {
  initialValues: T;
  validate: (values: T) => FormErrors<T>;
  onSubmit: (
    values: T,
    helpers: { setErrors: (errors: FormErrors<T>) => void; reset: (values: T) => void },
  ) => Promise<void> | void;
};

// Small form state for our forms: values, per-field errors shown after the first submit (or once
// the field was edited after that), and a submitting flag. Validation runs on submit and, after a
// failed submit, on every change, so errors clear as the user fixes them.
export function useForm<T extends Record<string, string | boolean>>({
  initialValues,
  validate,
  onSubmit,
}: UseFormOptions<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const setValue = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      setValues((current) => {
        const next = { ...current, [name]: value };
        if (submitted) setErrors(validate(next));
        return next;
      });
    },
    [submitted, validate],
  );

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const target = event.target;
      const name = target.name as keyof T;
      const value = (
        target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value
      ) as T[keyof T];
      setValue(name, value);
    },
    [setValue],
  );

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }, []);

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      // One submission at a time, even with a double click.
      if (busy.current) return;
      setSubmitted(true);
      const found = validate(values);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      busy.current = true;
      setSubmitting(true);
      try {
        await onSubmit(values, { setErrors, reset });
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [onSubmit, reset, validate, values],
  );

  // Props for a text field bound to `name`: value, change handler, error state and message.
  const field = (name: keyof T & string, fallbackHelper = ' ') => ({
    name,
    value: values[name] as string,
    onChange: handleChange,
    error: Boolean(errors[name]),
    helperText: errors[name] ?? fallbackHelper,
  });

  return { values, errors, isSubmitting, handleChange, handleSubmit, setValue, setErrors, reset, field };
}
