import type { BaseSyntheticEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

type ClubFormProps<TIn extends FieldValues, TOut> = {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
};

/**
 * A membership form: its fields read the form from context; the browser's own
 * validation is off (`noValidate`) because the fields show the spec's messages.
 */
export function ClubForm<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  children,
}: ClubFormProps<TIn, TOut>) {
  return (
    <FormProvider {...form}>
      <form className="membership__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {children}
      </form>
    </FormProvider>
  );
}
