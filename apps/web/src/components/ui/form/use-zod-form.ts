import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldError, type FieldErrors, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/** Norwegian texts per field and zod issue code, plus 'required'; the rules stay in the shared schema. */
export type FieldMessages<T> = Partial<Record<Extract<keyof T, string>, Partial<Record<'required' | (string & {}), string>>>>;

type Schema = z.ZodType<FieldValues, FieldValues>;

export interface UseZodFormOptions<S extends Schema> extends Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> {
  messages?: FieldMessages<z.input<S>>;
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function withMessages<S extends Schema>(
  resolver: Resolver<z.input<S>, unknown, z.output<S>>,
  messages: FieldMessages<z.input<S>>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors = { ...result.errors } as Record<string, FieldError | undefined>;
    for (const [name, texts] of Object.entries(messages) as [string, Record<string, string> | undefined][]) {
      const error = errors[name];
      if (!error || !texts) continue;
      const text = isEmpty((values as Record<string, unknown>)[name]) ? (texts.required ?? texts[error.type]) : texts[error.type];
      if (text) errors[name] = { ...error, message: text };
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}

/** react-hook-form with the shared zod schema as its resolver (the form checks what the server checks), plus `formState.errors`. */
export function useZodForm<S extends Schema>(schema: S, { messages, ...options }: UseZodFormOptions<S> = {}) {
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: messages ? withMessages(resolver, messages) : resolver });
  return { ...form, errors: form.formState.errors };
}
