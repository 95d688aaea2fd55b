import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  FreeTextSchema,
  NameSchema,
  NewPasswordSchema,
  NumbersOnlySchema,
  OldPasswordSchema,
  PhoneSchema,
  ShortTextSchema,
  SignSchema,
  messages,
  storable,
  withPasswordRepeat,
} from './validation-rules.js';
import { z } from 'zod';

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('spec 1 §5 validation rules', () => {
  it('numbers only: 1 to 20 digits, whitespace around allowed', () => {
    expect(NumbersOnlySchema.parse(' 1234567 ')).toBe('1234567');
    expect(firstMessage(NumbersOnlySchema, '12a')).toBe(messages.numbersOnly);
    expect(firstMessage(NumbersOnlySchema, '1'.repeat(21))).toBe(messages.numbersOnly);
    expect(firstMessage(NumbersOnlySchema, '')).toBe(messages.required);
  });

  it('free text: 1 to 255 characters', () => {
    expect(firstMessage(FreeTextSchema, 'x'.repeat(255))).toBeUndefined();
    expect(firstMessage(FreeTextSchema, 'x'.repeat(256))).toBe(messages.maxLength);
  });

  it('name: Latin letters, space, comma, period, apostrophe, hyphen', () => {
    expect(firstMessage(NameSchema, "Anne-Marie O'Neil, Jr.")).toBeUndefined();
    expect(firstMessage(NameSchema, 'Νίκος')).toBe(messages.name);
    expect(firstMessage(NameSchema, 'Bob2')).toBe(messages.name);
  });

  it('new password: 7 to 20 with a letter and a digit', () => {
    expect(firstMessage(NewPasswordSchema, 'tqbfjx1')).toBeUndefined();
    expect(firstMessage(NewPasswordSchema, 'abcde1')).toBe(messages.newPassword);
    expect(firstMessage(NewPasswordSchema, 'abcdefgh')).toBe(messages.newPassword);
    expect(firstMessage(NewPasswordSchema, '12345678')).toBe(messages.newPassword);
    expect(firstMessage(NewPasswordSchema, 'a1'.repeat(10) + 'x')).toBe(messages.newPassword);
  });

  it('new password: a well-known password is refused, whatever its case', () => {
    expect(firstMessage(NewPasswordSchema, 'Password1')).toBe(messages.commonPassword);
    expect(firstMessage(NewPasswordSchema, 'QWERTY123')).toBe(messages.commonPassword);
    expect(firstMessage(NewPasswordSchema, 'Journey2026')).toBeUndefined();
  });

  it('old password: 6 to 20', () => {
    expect(firstMessage(OldPasswordSchema, 'abcdef')).toBeUndefined();
    expect(firstMessage(OldPasswordSchema, 'abcde')).toBe(messages.oldPassword);
    expect(firstMessage(OldPasswordSchema, 'a'.repeat(21))).toBe(messages.oldPassword);
  });

  it('short text: up to 20', () => {
    expect(firstMessage(ShortTextSchema, 'x'.repeat(21))).toBe(messages.shortText);
  });

  it('sign: exactly four digits', () => {
    expect(firstMessage(SignSchema, '1234')).toBeUndefined();
    expect(firstMessage(SignSchema, '123')).toBe(messages.sign);
    expect(firstMessage(SignSchema, '12345')).toBe(messages.sign);
  });

  it('phone: optional prefix plus 7 to 10 digits or hyphens, optional field', () => {
    for (const ok of ['', '2101234567', '+30 2101234567', '+43-123-4567', '210-12-34'])
      expect(firstMessage(PhoneSchema, ok), ok).toBeUndefined();
    for (const bad of ['123456', '12345678901', 'phone', '+30 21012345678901'])
      expect(firstMessage(PhoneSchema, bad), bad).toBe(messages.phone);
  });

  it('email: local@domain.tld with a letters-only top-level domain', () => {
    expect(firstMessage(EmailSchema, 'agent@travel.example')).toBeUndefined();
    expect(firstMessage(EmailSchema, 'agent@travel')).toBe(messages.email);
    expect(firstMessage(EmailSchema, 'agent@travel.c0m')).toBe(messages.email);
    expect(firstMessage(EmailSchema, `${'a'.repeat(250)}@b.gr`)).toBe(messages.email);
    expect(firstMessage(EmailSchema, 'x'.repeat(256))).toBe(messages.maxLength);
  });

  it('password repeat must match: form-level Password mismatch', () => {
    const schema = withPasswordRepeat(
      z.object({ password: NewPasswordSchema, passwordRepeat: z.string() }),
    );
    const result = schema.safeParse({ password: 'tqbfjx1', passwordRepeat: 'tqbfjx2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: messages.passwordMismatch,
      path: ['passwordRepeat'],
    });
  });
});

describe('storable text', () => {
  it('refuses NUL and lone surrogates, keeps paired surrogates and other characters', () => {
    for (const text of ['a\u0000b', 'x\uD83D', '\uDE00x', 'a\uDE00\uD83Db']) {
      expect(storable(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['', 'Οδός 5', '😀 gift', '\u0001\u007f\uffff', 'שלום']) {
      expect(storable(text), JSON.stringify(text)).toBe(true);
    }
  });
});
