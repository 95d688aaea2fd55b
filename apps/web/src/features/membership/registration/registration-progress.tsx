import { useId } from 'react';
import './registration-progress.css';
import { useDictionary } from '../../../shared/use-dictionary';
import type { RegistrationStep } from './registration-step';

/** The steps every agent goes through, in order; the others are side paths. */
const mainSteps = ['country', 'office', 'agreement', 'form'] as const;
type MainStep = (typeof mainSteps)[number];

const isMainStep = (step: RegistrationStep): step is MainStep =>
  (mainSteps as readonly string[]).includes(step);

/**
 * Which step of how many the agent is on: "Step 2 of 4" names an ordered list
 * of the steps, whose current one carries `aria-current="step"`. The country
 * step counts only where there are several countries; the side paths (direct
 * office, the manager's approval) show no count.
 */
export function RegistrationProgress({
  step,
  withCountry,
}: {
  step: RegistrationStep;
  withCountry: boolean;
}) {
  const text = useDictionary();
  const id = useId();
  if (!isMainStep(step)) return null;
  const steps: readonly MainStep[] = withCountry
    ? mainSteps
    : mainSteps.filter((name) => name !== 'country');
  const names: Record<MainStep, string> = {
    country: text('registration.countryStep', 'Your country'),
    office: text('registration.officeStep', 'Your office ID'),
    agreement: text('registration.conditions', 'Conditions of the club'),
    form: text('registration.formStep', 'Your details'),
  };
  const current = steps.indexOf(step);
  const status = text('registration.stepOf', 'Step {step} of {count}')
    .replace('{step}', String(current + 1))
    .replace('{count}', String(steps.length));
  return (
    <div className="registration-progress">
      <p id={id} className="registration-progress__status">
        {status}
      </p>
      <ol className="registration-progress__steps" aria-labelledby={id}>
        {steps.map((name, index) => (
          <li
            key={name}
            className={
              index < current
                ? 'registration-progress__step registration-progress__step--done'
                : 'registration-progress__step'
            }
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="registration-progress__name">{names[name]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
