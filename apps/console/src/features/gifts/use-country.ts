import { useSearchParams } from 'react-router';
import { useStaff } from '../../lib/staff-session';

/** The country the gift screens show (`?country=`), by default the staff member's first. */
export function useGiftCountry(): [string, (country: string) => void] {
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const country = params.get('country') ?? staff.countries[0] ?? 'gr';
  // Another country keeps the other filters of the address (`?stock=low`).
  return [
    country,
    (next: string) =>
      setParams((current) => {
        const kept = new URLSearchParams(current);
        kept.set('country', next);
        return kept;
      }),
  ];
}
