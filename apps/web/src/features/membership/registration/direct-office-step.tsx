import { useLayout } from '../../../shared/layout-context';
import { directAccessUrl } from '../../../lib/direct-access';
import { useDictionary } from '../../../shared/use-dictionary';
import { StepHeading } from './step-heading';

/**
 * Step 3 for an office of the direct-sales kind (isAmadeusDirectOffice): its
 * agents join through the direct-access product; OK opens it.
 */
export function DirectOfficeStep({ focus }: { focus: boolean }) {
  const layout = useLayout();
  const text = useDictionary();
  return (
    <div className="membership__form">
      <StepHeading
        text={text('registration.directOfficeStep', 'Your office uses Amadeus Direct')}
        focus={focus}
      />
      <p>
        {text(
          'registration.directOffice',
          'Your office ID belongs to an Amadeus Direct office. Its agents join the club through Amadeus Direct.',
        )}
      </p>
      <div className="membership__actions">
        <a className="button" href={directAccessUrl(layout)}>
          {text('registration.directOfficeOk', 'OK, open Amadeus Direct')}
        </a>
      </div>
    </div>
  );
}
