import { useId, useState, type FormEvent } from 'react';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { StepHeading } from './step-heading';

type AgreementStepProps = { conditionsText: string; focus: boolean; onAgree: () => void };

/**
 * Step 4: the conditions and the agreeWithConditions checkbox; Continue stays
 * disabled until it is checked (spec 1 §2, §4).
 */
export function AgreementStep({ conditionsText, focus, onAgree }: AgreementStepProps) {
  const text = useDictionary();
  const id = useId();
  const [agreed, setAgreed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (agreed) onAgree();
  };
  const conditionsLabel = text('registration.conditions', 'Conditions of the club');
  return (
    <form className="membership__form" onSubmit={submit}>
      <StepHeading text={conditionsLabel} focus={focus} />
      {conditionsText.trim() !== '' ? (
        // Scrollable region: focusable so that the keyboard can scroll it.
        <div
          className="membership__conditions"
          role="region"
          aria-label={conditionsLabel}
          tabIndex={0}
        >
          <RichText html={conditionsText} className="membership__rich-text" />
        </div>
      ) : null}
      <div className="field field--checkbox">
        <div className="field__check">
          <input
            id={id}
            type="checkbox"
            className="field__checkbox"
            name="agreeWithConditions"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
          />
          <label className="field__label" htmlFor={id}>
            {text('registration.agree', 'I agree with the conditions of the club')}
          </label>
        </div>
      </div>
      <div className="membership__actions">
        <button type="submit" className="button" disabled={!agreed}>
          {text('registration.continue', 'Continue')}
        </button>
      </div>
    </form>
  );
}
