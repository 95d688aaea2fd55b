import { z } from 'zod';
import { RegistrationWireSchema, type OfficeData } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import { useDictionary } from '../../../shared/use-dictionary';
import { FormAlert, SubmitButton, TextField } from '../../../shared/forms/fields';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import { lookUpOffice } from './look-up-office';
import { StepHeading } from './step-heading';
import { ClubForm } from '../../../shared/forms/club-form';

const OfficeIdFormSchema = z.object({ officeId: RegistrationWireSchema.shape.officeId });

type OfficeStepProps = { focus: boolean; onFound: (office: OfficeData) => void };

/**
 * Step 2: the office ID (at most 20 characters); the lookup runs on submit
 * and Continue stays disabled until the ID is valid. An unknown office shows
 * 'Office ID not found' on the field.
 */
export function OfficeStep({ focus, onFound }: OfficeStepProps) {
  const layout = useLayout();
  const text = useDictionary();
  const form = useClubForm(OfficeIdFormSchema, { officeId: '' });
  const { onSubmit, otherMessages } = useFormSubmit(form, async ({ officeId }) => {
    const found = await lookUpOffice(officeId, layout.countryCode);
    if (found.kind === 'not-found') return { officeId: [found.message] };
    onFound(found.office);
  });
  return (
    <ClubForm form={form} onSubmit={onSubmit}>
      <StepHeading text={text('registration.officeStep', 'Your office ID')} focus={focus} />
      <p className="membership__lead">
        {text(
          'registration.officeIntro',
          'Enter the office ID of the agency you work for, as it appears in your reservation system.',
        )}
      </p>
      <TextField
        name="officeId"
        label={text('form.officeId', 'Office ID')}
        readsLeftToRight
        autoComplete="off"
        autoCapitalize="characters"
      />
      <FormAlert messages={otherMessages} />
      <div className="membership__actions">
        <SubmitButton disabled={!form.formState.isValid}>
          {text('registration.continue', 'Continue')}
        </SubmitButton>
      </div>
    </ClubForm>
  );
}
