import type { Layout } from '@club/contract/layout';
import type { LayoutParts } from './content-repository.js';
import type { ResolvedLocale } from './locale.js';

/** The layout answer of one country and language (spec 1 §3 "Layout"). */
export function layoutAnswer({ country, language }: ResolvedLocale, parts: LayoutParts): Layout {
  return {
    countryCode: country.code,
    languageCode: language.code,
    languageShortCode: language.shortCode,
    // Countries live on subdomains, so links carry no country segment.
    countryRoute: '',
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
    headerAlerts: parts.headerAlerts,
    headerImagesSrcSet: parts.headerImages,
    dictionary: parts.dictionary,
    subDomainDisabled: country.subDomainDisabled,
    decisionMakerOptIn: country.decisionMakerOptIn,
    doubleOpt: country.doubleOpt,
    defaultLanguageCode: country.defaultLanguageCode,
  };
}
