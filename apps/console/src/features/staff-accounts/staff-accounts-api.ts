import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NewStaffAccountAnswer,
  StaffAccount,
  StaffAccountList,
  StaffAccountListItem,
  StaffSetupLink,
} from '@club/contract/staff-accounts';
import { staffCall, type FormValues } from '../../lib/staff-api';

const listKey = ['staff-accounts'];
const base = '/s2c/staff/v1/staff';

export function useStaffAccounts() {
  return useQuery({
    queryKey: listKey,
    queryFn: () => staffCall<StaffAccountList>('GET', base),
  });
}

/** A change of one account; the list is read again after it. */
function useAccountChange<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export const useAddAccount = () =>
  useAccountChange((values: FormValues) => staffCall<NewStaffAccountAnswer>('POST', base, values));

export const useChangeAccount = () =>
  useAccountChange(({ id, ...values }: { id: number; role: string; countries: string }) =>
    staffCall<StaffAccount>('PATCH', `${base}/${id}`, values),
  );

export const useSetDisabled = () =>
  useAccountChange(({ id, disabled }: { id: number; disabled: boolean }) =>
    staffCall<StaffAccount>('POST', `${base}/${id}/${disabled ? 'disable' : 'enable'}`),
  );

export const useNewSetupLink = () =>
  useAccountChange((id: number) =>
    staffCall<StaffSetupLink & { account: StaffAccount }>('POST', `${base}/${id}/setup-link`),
  );

/** Clears an account's login backoff (its failed logins are forgotten). */
export const useClearLoginBackoff = () =>
  useAccountChange((id: number) =>
    staffCall<StaffAccountListItem>('POST', `${base}/${id}/login-unlock`),
  );
