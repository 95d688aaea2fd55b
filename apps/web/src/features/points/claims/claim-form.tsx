import { useEffect } from 'react';
import type { Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberClaim } from '@club/contract/claims';
import { loadedOnFirstCall } from '@club/contract/loaded-on-first-call';
import { ClubForm } from '../../../shared/forms/club-form';
import { FormAlert, SelectField, SubmitButton, TextField } from '../../../shared/forms/fields';
import {
  schemaResolver,
  useFormSubmit,
  useResolvedClubForm,
} from '../../../shared/forms/use-club-form';
import { useDictionary } from '../../../shared/use-dictionary';
import { fileClaim, type ClaimValues } from './claims-api';
import '../../../shared/forms/forms.css';

/** The contract's claim rules, loaded when the form first validates. */
const claimResolver: Resolver<ClaimValues, unknown, ClaimValues> = loadedOnFirstCall(() =>
  import('@club/contract/claims').then(
    (module) =>
      schemaResolver(module.ClaimFormSchema) as unknown as Resolver<
        ClaimValues,
        unknown,
        ClaimValues
      >,
  ),
);

const empty: ClaimValues = { pnr: '', travelDate: '', booked: '', note: '' };

/**
 * "Claim missing points": PNR, travel date, what was booked and a note. A
 * PNR row or a rejected PNR fills the first two (`start`); the server's
 * refusals (earned already, pending, open, too many) land on their field.
 */
export function ClaimForm({
  number,
  start,
  onFiled,
}: {
  number: string;
  start: { pnr: string; travelDate: string } | null;
  onFiled: (claim: MemberClaim) => void;
}) {
  const text = useDictionary();
  const queryClient = useQueryClient();
  const form = useResolvedClubForm<ClaimValues, ClaimValues>(claimResolver, empty, 'onSubmit');
  const { reset } = form;
  useEffect(() => {
    if (start !== null) reset({ ...empty, ...start });
  }, [start, reset]);
  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    const claim = await fileClaim(number, values);
    reset(empty);
    await queryClient.invalidateQueries({ queryKey: ['agent-points', number, 'claims'] });
    onFiled(claim);
  });
  const kinds = [
    { value: 'air', label: text('points.kind.air', 'Air') },
    { value: 'hotel', label: text('points.kind.hotel', 'Hotel') },
    { value: 'car', label: text('points.kind.car', 'Car') },
    { value: 'rail', label: text('points.kind.rail', 'Rail') },
  ];
  return (
    <ClubForm form={form} onSubmit={onSubmit}>
      <TextField
        name="pnr"
        label={text('claims.pnr', "Booking's PNR")}
        maxLength={8}
        autoComplete="off"
        readsLeftToRight
      />
      <TextField
        name="travelDate"
        type="date"
        label={text('claims.travelDate', 'Travel date')}
        autoComplete="off"
      />
      <SelectField
        name="booked"
        label={text('claims.booked', 'What was booked')}
        options={kinds}
        placeholder={text('claims.bookedUnknown', 'Not sure')}
      />
      <TextField
        name="note"
        label={text('claims.note', 'Note (optional)')}
        maxLength={500}
        autoComplete="off"
      />
      <FormAlert messages={otherMessages} />
      <div className="membership__actions">
        <SubmitButton>{text('claims.send', 'Send the claim')}</SubmitButton>
      </div>
    </ClubForm>
  );
}
