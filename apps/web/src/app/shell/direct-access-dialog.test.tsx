import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';
import { DirectAccessDialog } from './direct-access-dialog';

afterEach(() => {
  document.body.className = '';
});

/** The quoted names of the dialog: the text inside the quotes' isolate, and the whole quoted piece. */
function quotedNames(dialog: HTMLElement) {
  return [...dialog.querySelectorAll('.modal__quoted')].map((quoted) => ({
    name: quoted.querySelector('bdi')?.textContent,
    whole: quoted.textContent,
  }));
}

describe('the direct-access dialog on a right-to-left page', () => {
  it('keeps each quoted name whole, with its quotes, and reads it left to right in its own isolate', () => {
    renderWithLayout(<DirectAccessDialog onCancel={() => undefined} />, {
      layout: makeLayout({
        isRtl: true,
        languageShortCode: 'ar',
        countryCode: 'ae',
        dictionary: {
          'directAccess.reactivate':
            'بعد التسجيل، اطلب إعادة تفعيل حسابك. إذا كانت لديك بيانات دخول بالفعل، فاستخدم زر «I already have an account».',
          'directAccess.agency':
            "بعد ذلك يجب أن تسمح وكالتك لجميع موظفيها بالمشاركة من شاشة «My Agents' Participation»، وإلا فلن يتمكنوا من مواصلة كسب النقاط.",
        },
      }),
    });
    const dialog = screen.getByRole('dialog');
    expect(quotedNames(dialog)).toEqual([
      { name: 'I already have an account', whole: '«I already have an account»' },
      { name: "My Agents' Participation", whole: "«My Agents' Participation»" },
    ]);
    // The sentences around them stay as written.
    expect(within(dialog).getByText(/فاستخدم زر/).textContent).toBe(
      'بعد التسجيل، اطلب إعادة تفعيل حسابك. إذا كانت لديك بيانات دخول بالفعل، فاستخدم زر «I already have an account».',
    );
  });

  it('does the same with the quotes of English and German', () => {
    renderWithLayout(<DirectAccessDialog onCancel={() => undefined} />, {
      layout: makeLayout({
        dictionary: {
          'directAccess.agency':
            "Danach muss Ihre Agentur auf dem Bildschirm „My Agents' Participation“ die Teilnahme aller Mitarbeitenden erlauben.",
        },
      }),
    });
    expect(quotedNames(screen.getByRole('dialog'))).toEqual([
      // The English fallback's "…".
      { name: 'I already have an account', whole: '"I already have an account"' },
      { name: "My Agents' Participation", whole: "„My Agents' Participation“" },
    ]);
  });
});
