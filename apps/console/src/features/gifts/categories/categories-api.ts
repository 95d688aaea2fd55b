import { queryOptions } from '@tanstack/react-query';
import type { StaffGiftCategoryList } from '@club/contract/staff-gift-categories';
import { staffCall } from '../../../lib/staff-api';

const path = (country: string, id?: string) =>
  `/s2c/staff/v1/gift-categories/${country}${id === undefined ? '' : `/${id}`}`;

/** A country's categories with names per language and gift counts. */
export const categoriesQuery = (country: string) =>
  queryOptions({
    queryKey: ['gifts', 'categories', country],
    queryFn: ({ signal }) =>
      staffCall<StaffGiftCategoryList>('GET', path(country), undefined, { signal }),
    enabled: /^[a-z]{2}$/.test(country),
  });

/** `names[deu]=…` fields: the calls take the names form-encoded. */
const nameFields = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).map(([code, name]) => [`names[${code}]`, name]));

export const createCategory = (country: string, id: string, names: Record<string, string>) =>
  staffCall<StaffGiftCategoryList>('POST', path(country), { id, ...nameFields(names) });

export const renameCategory = (country: string, id: string, names: Record<string, string>) =>
  staffCall<StaffGiftCategoryList>('PUT', path(country, id), nameFields(names));

export const deleteCategory = (country: string, id: string) =>
  staffCall<StaffGiftCategoryList>('DELETE', path(country, id));
