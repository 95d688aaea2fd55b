import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RequireCountryTermsWireSchema,
  suggestedTermsVersion,
  type CountryTerms,
  type RequireCountryTermsWire,
} from '@club/contract/staff-member-actions';
import { StaffApiError } from '../../lib/staff-api';
import { Dialog } from '../../lib/ui/dialog';
import { Field, TextField } from '../../lib/ui/field';

type RequireTermsDialogProps = {
  country: CountryTerms | null;
  onClose: () => void;
  onConfirm: (country: CountryTerms, values: RequireCountryTermsWire) => Promise<void>;
};

/** Confirms a new terms version for a whole country, with the reason. */
export function RequireTermsDialog({ country, onClose, onConfirm }: RequireTermsDialogProps) {
  return (
    <Dialog
      title={country === null ? '' : `Require the terms again: ${country.name}`}
      open={country !== null}
      onClose={onClose}
    >
      {country !== null && (
        <RequireTermsForm
          key={country.countryCode}
          country={country}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

function RequireTermsForm({
  country,
  onClose,
  onConfirm,
}: {
  country: CountryTerms;
  onClose: () => void;
  onConfirm: RequireTermsDialogProps['onConfirm'];
}) {
  const form = useForm<RequireCountryTermsWire>({
    resolver: zodResolver(RequireCountryTermsWireSchema),
    defaultValues: { version: suggestedTermsVersion(country.termsVersion), reason: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onConfirm(country, values);
    } catch (error) {
      const field = (name: 'version' | 'reason') =>
        error instanceof StaffApiError ? error.fieldMessage(name) : undefined;
      const version = field('version');
      const reason = field('reason');
      if (version !== undefined) form.setError('version', { message: version });
      if (reason !== undefined) form.setError('reason', { message: reason });
      if (version === undefined && reason === undefined) {
        form.setError('root', { message: 'That did not work. Try again.' });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting}>
      <p>
        Every member of {country.name} must accept the terms and conditions again on their next
        page. The current version is {country.termsVersion}.
      </p>
      <TextField
        label="New terms version"
        hint="As the country's terms name it."
        error={errors.version?.message}
        autoComplete="off"
        {...form.register('version')}
      />
      <Field label="Reason" error={errors.reason?.message} hint="Kept in the audit log.">
        {(control) => (
          <textarea {...control} rows={3} maxLength={500} {...form.register('reason')} />
        )}
      </Field>
      {errors.root?.message !== undefined && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="terms-dialog-buttons">
        <button type="submit" disabled={isSubmitting}>
          Require the terms again
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
