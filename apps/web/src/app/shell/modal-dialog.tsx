import { useEffect, useRef, type ReactNode } from 'react';
import { focusMain, trapTabKey } from '../../lib/focus';
import './modal-dialog.css';

/** Class on `<body>` while a modal dialog is open (spec 1 §2 "modal-open"). */
export const modalOpenClass = 'modal-open';

type ModalDialogProps = {
  /** Id of the dialog's heading, its accessible name. */
  labelledBy: string;
  /** Extra class on `<body>` while open (the direct-access dialog's `approve-required`). */
  bodyClass?: string;
  children: ReactNode;
};

/**
 * A blocking modal dialog over a backdrop: the page behind it is inert, Tab
 * stays inside, and focus goes back where it was when the dialog closes. It
 * has no Escape or backdrop dismissal: the member has to choose a button.
 * When what had the focus is gone (the page changed), focus goes to the main area.
 * Rendered next to the page shell, so that only the shell becomes inert.
 */
export function ModalDialog({ labelledBy, bodyClass, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    const previous = document.activeElement;
    const shell = document.querySelector('.shell');
    const classes = bodyClass ? [modalOpenClass, bodyClass] : [modalOpenClass];
    shell?.setAttribute('inert', '');
    document.body.classList.add(...classes);
    dialog.focus();
    const onKeyDown = (event: KeyboardEvent) => trapTabKey(event, dialog);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      shell?.removeAttribute('inert');
      document.body.classList.remove(...classes);
      // Back where it was; if that is gone (or was nothing), to the main area.
      if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body)
        previous.focus();
      else focusMain();
    };
  }, [bodyClass]);

  return (
    <div className="modal">
      <div className="modal__backdrop" />
      <div
        ref={dialogRef}
        className="modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
