import { Fragment, type ReactNode } from 'react';
import { appConfig } from '../../lib/app-config';
import { dictionaryText } from '../../lib/dictionary';
import { directAccessUrl } from '../../lib/direct-access';
import { useLayout } from '../../shared/layout-context';
import { ModalDialog, modalOpenClass } from './modal-dialog';

/** Class on `<body>` while a direct-access member must choose (spec 1 §2). */
export const approveRequiredClass = 'approve-required';

const paragraphs: [key: string, text: string][] = [
  [
    'directAccess.moved',
    'The club is now available at a new address. When you log in with your old account, you are taken to the new address, where you need to register.',
  ],
  [
    'directAccess.serviceDesk',
    'If you have no credentials for the selling platform, please contact your service desk.',
  ],
  [
    'directAccess.reactivate',
    'After registering, ask for your account to be re-activated on the loyalty screen. If you already have credentials, use the button "I already have an account".',
  ],
  [
    'directAccess.agency',
    "Your agency must then allow all its staff to take part on the My Agents' Participation screen; otherwise its staff cannot keep earning rewards.",
  ],
];

/** A name in quotes: «…» (Greek, Arabic), „…“ (German), "…" or “…” (English). */
const quotedName = /([«„“"])([^«»„“”"]+)([»“”"])/;

/**
 * The text with each quoted name (a button or screen of the other platform,
 * in English in every language) kept whole with its quotes: the name reads
 * left to right in its own isolate, and it moves to the next line as one
 * piece, so a right-to-left page never shows `I already have»` on one line
 * and `«an account` on the next.
 */
function withQuotedNames(text: string): ReactNode[] {
  const parts = text.split(new RegExp(quotedName.source, 'g'));
  const nodes: ReactNode[] = [];
  for (let index = 0; index < parts.length; index += 4) {
    nodes.push(<Fragment key={index}>{parts[index]}</Fragment>);
    if (index + 3 < parts.length)
      nodes.push(
        <span key={`${index}-quoted`} className="modal__quoted">
          {parts[index + 1]}
          <bdi>{parts[index + 2]}</bdi>
          {parts[index + 3]}
        </span>,
      );
  }
  return nodes;
}

/**
 * The direct-access dialog (spec 1 §2, spec 2 §4): the club has moved for
 * members of the direct-access product. The first button opens that product
 * (the layout's address, else the default site; a missing address raises an
 * alert outside production); Cancel logs out.
 */
export function DirectAccessDialog({ onCancel }: { onCancel: () => void }) {
  const layout = useLayout();
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);

  const open = () => {
    if (!layout.amadeusDirectUrlToRedirect && !appConfig().production)
      window.alert('The layout has no amadeusDirectUrlToRedirect: the default site is opened.');
    window.location.assign(directAccessUrl(layout));
  };

  const cancel = () => {
    document.body.classList.remove(modalOpenClass, approveRequiredClass);
    onCancel();
  };

  return (
    <ModalDialog labelledBy="direct-access-title" bodyClass={approveRequiredClass}>
      <h2 id="direct-access-title">
        {text('directAccess.title', 'The club has moved to a new address')}
      </h2>
      {paragraphs.map(([key, fallback]) => (
        <p key={key}>{withQuotedNames(text(key, fallback))}</p>
      ))}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={cancel}>
          {text('directAccess.cancel', 'Cancel')}
        </button>
        <button type="button" className="button" onClick={open}>
          {text('directAccess.open', 'Open Amadeus Direct')}
        </button>
      </div>
    </ModalDialog>
  );
}
