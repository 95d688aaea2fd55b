import { useCallback, useEffect, useState } from 'react';
import type { RegistrationPage } from '@club/contract/account-pages';
import type { OfficeData } from '@club/contract/membership';
import { useCommonState } from '../../../shared/common-state';
import { useLayout } from '../../../shared/layout-context';
import { useNavigate } from '../../../shared/navigation/navigator-router';
import { pagePath } from '../../../shared/paths';
import type { ScreenProps } from '../../../shared/screens';
import { countrySiteUrl } from '../../../lib/country-host';
import { useText } from '../../../shared/content-api/get-text';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { AgreementStep } from './agreement-step';
import { CountryStep } from './country-step';
import {
  DecisionMakerNotifyStep,
  DecisionMakerRequestStep,
  DecisionMakerSuccessStep,
} from './decision-maker-steps';
import { DirectOfficeStep } from './direct-office-step';
import { InactiveOfficeStep } from './inactive-office-step';
import { OfficeStep } from './office-step';
import { RegistrationForm } from './registration-form';
import { RegistrationProgress } from './registration-progress';
import type { RegistrationStep } from './registration-step';

const defaults: Omit<RegistrationPage, keyof ScreenProps['page']> = {
  countries: [],
  hasManyCountries: false,
  personTitles: [],
  phoneCodeLocalized: '',
  step: '',
  officeData: null,
  optInDecisionMakerRequestText: '',
  optInDecisionMakerEnrollSuccessText: '',
  optInDecisionMakerNotifySuccessText: '',
  conditionsText: '',
};

function firstStep(page: RegistrationPage, countrySelected: boolean): RegistrationStep {
  if (page.officeData !== null && page.step === 'dm-approval-notify') return 'dm-approval-notify';
  if (page.step === 'dm-approval-success') return 'dm-approval-success';
  return page.hasManyCountries && !countrySelected ? 'country' : 'office';
}

/**
 * Registration (spec 1 §2, §4): country (several countries only), office ID,
 * then the direct-office notice, or (office not active) the request to the
 * manager where decision-maker opt-in is on, else a notice that its bookings
 * earn nothing, with the same request, before the agreement and the form. A
 * country chosen from another country goes to that country's site (its host,
 * or the root site under its prefix) with `?countrySelected=1`, which skips
 * the country step there.
 */
export function RegistrationScreen({ page: answer }: ScreenProps) {
  // Missing fields (an older or partial answer) take the defaults.
  const page: RegistrationPage = { ...defaults, ...answer };
  const layout = useLayout();
  const navigate = useNavigate();
  // A member who arrives here signed in goes home; one who registers here and
  // is signed in at once goes on to the success page as before.
  const { user } = useCommonState();
  const [memberOnArrival] = useState(user !== null);
  useEffect(() => {
    if (memberOnArrival) void navigate(pagePath(layout, 'home'), { replace: true });
  }, [memberOnArrival, navigate, layout]);
  const text = useDictionary();
  // The `subscribe` text introduces joining the club (spec 2 §7); a failed fetch shows nothing.
  const subscribe = useText('subscribe', {
    countryCode: layout.countryCode,
    languageCode: layout.languageCode,
  });
  const [step, setStep] = useState<RegistrationStep>(() =>
    firstStep(page, page.params.countrySelected === '1'),
  );
  const [office, setOffice] = useState<OfficeData | null>(page.officeData);
  // The first step keeps the focus where the page put it; later steps take it.
  const [moved, setMoved] = useState(false);
  const goTo = (next: RegistrationStep) => {
    setMoved(true);
    setStep(next);
  };

  const selectCountry = (countryCode: string) => {
    const chosen = page.countries.find((country) => country.code === countryCode);
    if (countryCode.toLowerCase() === layout.countryCode.toLowerCase() || chosen === undefined)
      goTo('office');
    // A country without its own subdomain registers on the root site under its prefix (`/cy`).
    else window.location.assign(countrySiteUrl(chosen, '/registration?countrySelected=1'));
  };
  const officeFound = (found: OfficeData) => {
    setOffice(found);
    if (found.isAmadeusDirectOffice) goTo('direct-office');
    else if (!found.active) goTo(layout.decisionMakerOptIn ? 'dm-request' : 'inactive-office');
    else goTo('agreement');
  };
  const officeChanged = useCallback((found: OfficeData) => setOffice(found), []);

  let content;
  if (step === 'country')
    content = (
      <CountryStep
        countries={page.countries}
        currentCountry={layout.countryCode.toLowerCase()}
        focus={moved}
        onSelect={selectCountry}
      />
    );
  else if (step === 'office' || office === null)
    content = <OfficeStep focus={moved} onFound={officeFound} />;
  else if (step === 'direct-office') content = <DirectOfficeStep focus={moved} />;
  else if (step === 'inactive-office')
    content = (
      <InactiveOfficeStep office={office} focus={moved} onContinue={() => goTo('agreement')} />
    );
  else if (step === 'agreement')
    content = (
      <AgreementStep
        conditionsText={page.conditionsText}
        focus={moved}
        onAgree={() => goTo('form')}
      />
    );
  else if (step === 'form')
    content = (
      <RegistrationForm page={page} office={office} focus={moved} onOfficeChange={officeChanged} />
    );
  else if (step === 'dm-request')
    content = (
      <DecisionMakerRequestStep
        officeId={office.officeId}
        requestText={page.optInDecisionMakerRequestText}
        focus={moved}
        onRequested={() => goTo('dm-approval-notify')}
      />
    );
  else if (step === 'dm-approval-notify')
    content = (
      <DecisionMakerNotifyStep
        officeId={office.officeId}
        enrollSuccessText={page.optInDecisionMakerEnrollSuccessText}
        focus={moved}
        onNotified={() => goTo('dm-approval-success')}
      />
    );
  else
    content = (
      <DecisionMakerSuccessStep
        successText={page.optInDecisionMakerNotifySuccessText}
        focus={moved}
      />
    );

  return (
    <ScreenFrame
      id="registration-title"
      title={page.title.trim() || text('registration.title', 'Registration')}
    >
      {page.text.trim() !== '' && (step === 'country' || step === 'office') ? (
        <RichText html={page.text} className="membership__lead membership__rich-text" />
      ) : null}
      {subscribe !== null &&
      subscribe.trim() !== '' &&
      (step === 'country' || step === 'office') ? (
        <RichText
          html={subscribe}
          className="membership__lead membership__rich-text membership__subscribe"
        />
      ) : null}
      <RegistrationProgress step={step} withCountry={page.hasManyCountries} />
      {content}
    </ScreenFrame>
  );
}
