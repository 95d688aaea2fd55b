import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NewStaffAccountSchema, type NewStaffAccountAnswer } from '@club/contract/staff-accounts';
import { StaffApiError } from '../../lib/staff-api';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { TextField } from '../../lib/ui/field';
import { AccessFields, type AccessValues } from './account-fields';
import { useAddAccount } from './staff-accounts-api';

type AddValues = AccessValues & { email: string };
const fields = ['email', 'role', 'countries'] as const;

/** Adds a staff account (the service of `npm run staff:add`); the setup link comes back once. */
export function AddAccountForm({ onAdded }: { onAdded: (answer: NewStaffAccountAnswer) => void }) {
  const add = useAddAccount();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddValues>({
    defaultValues: { email: '', role: 'support', countries: '' },
    // Checked like the server checks; the raw values are sent.
    resolver: zodResolver(NewStaffAccountSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<AddValues>,
  });

  // Typed and not yet added: leaving asks first (the values are watched; adding resets them).
  const typed = useWatch({ control });
  useUnsavedChanges((typed.email ?? '') !== '' || (typed.countries ?? '') !== '');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values);
      reset();
      onAdded(answer);
    } catch (error) {
      const messages = fields.flatMap((field) => {
        const message = error instanceof StaffApiError ? error.fieldMessage(field) : undefined;
        return message === undefined ? [] : [[field, message] as const];
      });
      for (const [field, message] of messages) setError(field, { message });
      if (messages.length === 0)
        setError('root', { message: 'The account was not added. Try again.' });
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="add-account-heading"
    >
      <h2 id="add-account-heading">Add a staff account</h2>
      <div className="toolbar">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <AccessFields register={register} errors={errors} />
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Add account
        </button>
      </div>
      {errors.root?.message !== undefined && (
        <p role="alert" className="form-error">
          {errors.root.message}
        </p>
      )}
    </form>
  );
}
