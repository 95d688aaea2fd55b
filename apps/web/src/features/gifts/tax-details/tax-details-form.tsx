import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import type { TaxDetails, TaxField } from '@club/contract/tax-details';
import { loadedOnFirstCall } from '@club/contract/loaded-on-first-call';
import { ClubForm } from '../../../shared/forms/club-form';
import { FormAlert, SubmitButton, TextField } from '../../../shared/forms/fields';
import {
  schemaResolver,
  useFormSubmit,
  useResolvedClubForm,
} from '../../../shared/forms/use-club-form';
import { LeftToRight } from '../../../shared/left-to-right';
import { fillNodes } from '../../../shared/points-status/format';
import { sendTaxDetails } from '../../../shared/tax-details/tax-details-api';
import { useDictionary } from '../../../shared/use-dictionary';
import '../../../shared/forms/forms.css';

type Values = Record<string, string>;

/** The country's rules for its fields (contract/tax-details.ts), loaded when the form first validates. */
function taxResolver(fields: readonly TaxField[]): Resolver<Values, unknown, Values> {
  return loadedOnFirstCall(() =>
    import('@club/contract/tax-details').then((module) =>
      schemaResolver(module.taxDetailsFormSchema(fields)),
    ),
  );
}

/** A field's label: the dictionary word `taxDetails.field.{name}` (the demo's fields with their English words). */
function fieldLabel(text: ReturnType<typeof useDictionary>, name: string): string {
  switch (name) {
    case 'taxNumber':
      return text('taxDetails.field.taxNumber', 'Tax number');
    case 'taxOffice':
      return text('taxDetails.field.taxOffice', 'Tax office');
    case 'taxAddress':
      return text('taxDetails.field.taxAddress', 'Address registered for tax');
    default:
      return text(`taxDetails.field.${name}`, name);
  }
}

/**
 * The form of the fields the member's country asks for (content's `taxFields`):
 * a chunk of its own, so the gift list paints without the form library.
 */
export function TaxDetailsForm({
  details,
  onSent,
}: {
  details: TaxDetails;
  onSent: (details: TaxDetails) => void;
}) {
  const text = useDictionary();
  const resolver = useMemo(() => taxResolver(details.fields), [details.fields]);
  const defaults = useMemo(
    () =>
      Object.fromEntries(
        details.fields.map((field) => [field.name, details.values[field.name] ?? '']),
      ),
    [details],
  );
  const form = useResolvedClubForm<Values, Values>(resolver, defaults);
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    onSent(await sendTaxDetails(values));
  });
  return (
    <ClubForm form={form} onSubmit={onSubmit}>
      {details.fields.map((field) => {
        const label = fieldLabel(text, field.name);
        return (
          <TextField
            key={field.name}
            name={field.name}
            label={field.optional ? `${label} ${text('taxDetails.optional', '(optional)')}` : label}
            maxLength={field.maxLength}
            autoComplete="off"
            readsLeftToRight={field.kind === 'code'}
            hint={
              field.example === undefined
                ? undefined
                : fillNodes(text('taxDetails.example', 'For example: {example}'), {
                    example: <LeftToRight>{field.example}</LeftToRight>,
                  })
            }
          />
        );
      })}
      <FormAlert messages={otherMessages} />
      <div className="membership__actions">
        <SubmitButton>
          {details.state === 'refused'
            ? text('taxDetails.sendAgain', 'Send them again')
            : text('taxDetails.submit', 'Send my tax details')}
        </SubmitButton>
      </div>
    </ClubForm>
  );
}
