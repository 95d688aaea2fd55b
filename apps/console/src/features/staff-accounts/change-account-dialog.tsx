import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { StaffAccountChangeSchema, type StaffAccount } from '@club/contract/staff-accounts';
import { StaffApiError } from '../../lib/staff-api';
import { Dialog } from '../../lib/ui/dialog';
import { AccessFields, type AccessValues } from './account-fields';
import { useChangeAccount } from './staff-accounts-api';

/** Changes an account's role and countries; the server ends its sessions. */
export function ChangeAccountDialog({
  account,
  onClose,
}: {
  account: StaffAccount | null;
  onClose: () => void;
}) {
  return (
    <Dialog title={`Change ${account?.email ?? ''}`} open={account !== null} onClose={onClose}>
      {account !== null && <ChangeForm account={account} onClose={onClose} />}
    </Dialog>
  );
}

function ChangeForm({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const change = useChangeAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccessValues>({
    defaultValues: { role: account.role, countries: account.countries.join(', ') },
    resolver: zodResolver(StaffAccountChangeSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<AccessValues>,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ id: account.id, ...values });
      onClose();
    } catch (error) {
      const api = error instanceof StaffApiError ? error : undefined;
      const role = api?.fieldMessage('role');
      const countries = api?.fieldMessage('countries');
      if (role !== undefined) setError('role', { message: role });
      if (countries !== undefined) setError('countries', { message: countries });
      if (role === undefined && countries === undefined) {
        setError('root', { message: 'The account was not changed. Try again.' });
      }
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="hint">The account’s sessions end: the new access holds from its next login.</p>
      <AccessFields register={register} errors={errors} />
      {errors.root?.message !== undefined && (
        <p role="alert" className="form-error">
          {errors.root.message}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Save
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
