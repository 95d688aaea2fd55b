import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { DirectAccessDialog } from './direct-access-dialog';
import { modalOpenClass } from './modal-dialog';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';
import { TermsDialog } from './terms-dialog';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.className = '';
});

/**
 * A shell with a button that opens the dialog, as `member-session.tsx`
 * renders the dialogs: next to the shell, which becomes inert.
 */
function Harness({
  dialog,
  keepOpener = true,
}: {
  dialog: (close: () => void) => ReactNode;
  keepOpener?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="shell">
        <a href="#before">Before</a>
        <main id="main" tabIndex={-1}>
          {keepOpener || !open ? (
            <button type="button" onClick={() => setOpen(true)}>
              Open the dialog
            </button>
          ) : null}
        </main>
      </div>
      {open ? dialog(() => setOpen(false)) : null}
    </>
  );
}

/** Opens the dialog with the keyboard from its button; answers the dialog and the button. */
async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getByRole('button', { name: 'Open the dialog' });
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(opener);
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  expect(document.activeElement).toBe(dialog);
  expect(document.querySelector('.shell')?.hasAttribute('inert')).toBe(true);
  return { dialog, opener };
}

describe('modal dialogs: focus kept inside, then given back (WCAG 2.4.3)', () => {
  it('the terms dialog traps Tab and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWithLayout(
      <Harness dialog={(close) => <TermsDialog onApprove={() => Promise.resolve(close())} />} />,
    );
    const { dialog, opener } = await openWithKeyboard(user);
    const link = within(dialog).getByRole('link', { name: /Read the terms and conditions/ });
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(ok);
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(ok);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('.shell')?.hasAttribute('inert')).toBe(false);
    expect(document.body.classList.contains(modalOpenClass)).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('the direct-access dialog traps Tab and gives the focus back when Cancel closes it', async () => {
    const user = userEvent.setup();
    renderWithLayout(<Harness dialog={(close) => <DirectAccessDialog onCancel={close} />} />, {
      layout: makeLayout({ amadeusDirectUrlToRedirect: 'https://direct.example.com/' }),
    });
    const { dialog, opener } = await openWithKeyboard(user);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const open = within(dialog).getByRole('button', { name: 'Open Amadeus Direct' });
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(open);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(open);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);

    await user.keyboard(' ');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.shell')?.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus to the main area when what had it is gone', async () => {
    const user = userEvent.setup();
    renderWithLayout(
      <Harness
        keepOpener={false}
        dialog={(close) => <TermsDialog onApprove={() => Promise.resolve(close())} />}
      />,
    );
    const { dialog } = await openWithKeyboard(user);
    await act(async () => {
      within(dialog).getByRole('button', { name: 'Ok' }).click();
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});
