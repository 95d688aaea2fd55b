import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import { staffRoles } from '@club/contract/staff';
import { Field, TextField } from '../../lib/ui/field';

export type AccessValues = { role: string; countries: string };

/** The role select and the countries field, shared by adding and changing an account. */
export function AccessFields<T extends AccessValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<AccessValues>;
}) {
  const reg = register as unknown as UseFormRegister<AccessValues>;
  return (
    <>
      <Field label="Role" error={errors.role?.message}>
        {(control) => (
          <select {...control} {...reg('role')}>
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label="Countries"
        hint="Two-letter codes separated by commas (at, gr); empty for an admin, who works in every country."
        autoComplete="off"
        error={errors.countries?.message}
        {...reg('countries')}
      />
    </>
  );
}
