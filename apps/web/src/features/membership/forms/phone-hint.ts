/** The phone field's hint with the country's dialling code (spec 1 §2 "phone-code hint"). */
export function phoneHint(
  text: (key: string, fallback: string) => string,
  phoneCode: string,
): string | undefined {
  if (phoneCode.trim() === '') return undefined;
  return text('form.phoneHint', 'Start with the country code {code}').replace('{code}', phoneCode);
}
