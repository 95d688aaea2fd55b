import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { ReadOnlyField, TextField } from './forms/fields';
import { inputDirection, LeftToRight } from './left-to-right';

function InForm({ children }: { children: ReactNode }) {
  const form = useForm();
  return <FormProvider {...form}>{children}</FormProvider>;
}

describe('values that read left to right in any page direction', () => {
  it('marks emails and phones left to right, and codes when told, leaving other text to the page', () => {
    expect(inputDirection('email', undefined)).toBe('ltr');
    expect(inputDirection('tel', undefined)).toBe('ltr');
    expect(inputDirection('text', true)).toBe('ltr');
    expect(inputDirection('text', undefined)).toBeUndefined();
    expect(inputDirection('password', false)).toBeUndefined();
  });

  it('gives the shared text fields dir="ltr" for email, phone and codes only', () => {
    render(
      <InForm>
        <TextField name="email" type="email" label="Email" />
        <TextField name="phone" type="tel" label="Phone" />
        <TextField name="officeId" label="Office ID" readsLeftToRight />
        <TextField name="firstName" label="First name" />
        <ReadOnlyField label="Member number" value="100200300" readsLeftToRight />
        <ReadOnlyField label="Agency" value="Sky Travel" />
      </InForm>,
    );
    for (const label of ['Email', 'Phone', 'Office ID', 'Member number'])
      expect(screen.getByLabelText(label).getAttribute('dir'), label).toBe('ltr');
    for (const label of ['First name', 'Agency'])
      expect(screen.getByLabelText(label).hasAttribute('dir'), label).toBe(false);
  });

  it('isolates a shown value left to right inside the sentence around it', () => {
    render(
      <p>
        before <LeftToRight>bad@</LeftToRight> after
      </p>,
    );
    const value = screen.getByText('bad@');
    expect(value.tagName).toBe('BDI');
    expect(value.getAttribute('dir')).toBe('ltr');
  });
});
