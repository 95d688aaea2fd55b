import type { OfficeData } from '@club/contract/membership';
import { useDictionary } from '../../../shared/use-dictionary';
import { LeftToRight } from '../../../shared/left-to-right';

/** What an office that does not take part means for the agent: its bookings earn no points. */
export function InactiveOfficeNotice({ office }: { office: OfficeData }) {
  const text = useDictionary();
  const [before, after = ''] = text(
    'registration.inactiveOffice',
    'The office {officeId} has not joined the club: bookings made in it earn no points until it joins.',
  ).split('{officeId}');
  return (
    <p className="alert alert--info" role="status">
      {before}
      <LeftToRight>{office.officeId}</LeftToRight>
      {office.fullName.trim() !== '' ? ` (${office.fullName})` : ''}
      {after}
    </p>
  );
}
