import { queryOptions } from '@tanstack/react-query';
import type {
  GiftOrdering,
  StaffGiftCatalogue,
  StaffGiftDetail,
  TaxInformation,
} from '@club/contract/staff-gifts';
import { staffCall } from '../../lib/staff-api';

export const catalogueQuery = (country: string) =>
  queryOptions({
    queryKey: ['gifts', 'catalogue', country],
    queryFn: ({ signal }) =>
      staffCall<StaffGiftCatalogue>('GET', `/s2c/staff/v1/gifts?country=${country}`, undefined, {
        signal,
      }),
    enabled: /^[a-z]{2}$/.test(country),
  });

export const giftQuery = (id: string) =>
  queryOptions({
    queryKey: ['gifts', 'one', id],
    queryFn: ({ signal }) =>
      staffCall<StaffGiftDetail>('GET', `/s2c/staff/v1/gifts/${id}`, undefined, { signal }),
  });

export const orderingQuery = (country: string) =>
  queryOptions({
    queryKey: ['gifts', 'ordering', country],
    queryFn: ({ signal }) =>
      staffCall<GiftOrdering>('GET', `/s2c/staff/v1/gift-ordering/${country}`, undefined, {
        signal,
      }),
  });

export const taxQuery = (number: string) =>
  queryOptions({
    queryKey: ['gifts', 'tax', number],
    queryFn: ({ signal }) =>
      staffCall<TaxInformation>('GET', `/s2c/staff/v1/tax-information/${number}`, undefined, {
        signal,
      }),
    enabled: /^\d{1,20}$/.test(number),
    retry: false,
  });

/** A file as base64, for the image upload. */
export function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
