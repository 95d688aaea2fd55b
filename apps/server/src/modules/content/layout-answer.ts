import { countryRouteOf } from '@club/contract/host';
import type { Earning } from '@club/contract/earning';
import type { Layout } from '@club/contract/layout';
import { formattingLocale } from '@club/contract/locale-tag';
import { numberSymbolsOf } from '@club/contract/number-format';
import { alertShowsAt, type LayoutParts } from './content-repository.js';
import { layoutWords, pickWords } from './dictionary-words.js';
import type { ResolvedLocale } from './locale.js';

/**
 * The layout answer of one country and language (spec 1 §3 "Layout"), with
 * the shell's words of the dictionary (screens get theirs with their page).
 */
export function layoutAnswer(
  { country, language }: ResolvedLocale,
  parts: LayoutParts,
  dictionary: Readonly<Record<string, string>>,
  earning: Earning | undefined,
  /** The moment the answer is for (epoch ms): the alerts shown are those inside their window then. */
  at: number,
): Layout {
  return {
    countryCode: country.code,
    languageCode: language.code,
    languageShortCode: language.shortCode,
    // A country on its own subdomain needs no country segment; one whose
    // subdomain is disabled lives on the root site under `/{code}`.
    countryRoute: countryRouteOf(country),
    isRtl: language.isRtl,
    languages: country.languages.map((candidate) => ({
      code: candidate.code,
      nativeTitle: candidate.nativeTitle,
      isCurrent: candidate.code === language.code,
    })),
    currentLanguageNativeTitle: language.nativeTitle,
    paramsRoute: country.paramsRoute,
    menuItems: parts.menuItems,
    menuHidden: country.menuHidden,
    languageSelectHidden: country.languageSelectHidden,
    contactUsEmail: country.contactUsEmail,
    amadeusDirectUrlToRedirect: country.amadeusDirectUrlToRedirect,
    privacyPolicyUrl: country.privacyPolicyUrl,
    phoneExample: country.phoneExample,
    headerAlerts: parts.headerAlerts
      .filter((alert) => alertShowsAt(alert, at))
      .map(({ hash, type, text }) => ({ hash, type, text })),
    memberBanner: country.memberBanner,
    headerImagesSrcSet: parts.headerImages,
    dictionary: pickWords(dictionary, layoutWords),
    subDomainDisabled: country.subDomainDisabled,
    decisionMakerOptIn: country.decisionMakerOptIn,
    doubleOpt: country.doubleOpt,
    defaultLanguageCode: country.defaultLanguageCode,
    // Read with Intl here; the content cache keeps the serialised answer per locale.
    numberSymbols: numberSymbolsOf(formattingLocale(language.shortCode, country.code)),
    // The base earning rules in force and the running campaigns, as the booking import credits them.
    ...(earning === undefined ? {} : { earning }),
  };
}
