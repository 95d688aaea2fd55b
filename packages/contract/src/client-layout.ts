import type { Layout } from './layout.js';

/* No runtime zod here: the web app's initial bundle imports this module. */

/** The layout as the web app holds it: the answer plus the prefixes added client-side. */
export type ClientLayout = Layout & {
  /** `countryRoute + languageRoute`, the prefix of every in-app link. */
  routePrefix: string;
  /** `""` for the default language, `/{code}` otherwise. */
  languageRoute: string;
};

/** Spec 1 §3: "Fallback layout when none is returned: menu and language select hidden, empty dictionary." */
export const fallbackLayout: ClientLayout = {
  countryCode: '',
  languageCode: 'eng',
  languageShortCode: 'en',
  countryRoute: '',
  isRtl: false,
  languages: [],
  currentLanguageNativeTitle: '',
  paramsRoute: [],
  menuItems: [],
  menuHidden: true,
  languageSelectHidden: true,
  contactUsEmail: null,
  amadeusDirectUrlToRedirect: null,
  headerAlerts: [],
  headerImagesSrcSet: [],
  dictionary: {},
  subDomainDisabled: false,
  decisionMakerOptIn: false,
  doubleOpt: false,
  defaultLanguageCode: 'eng',
  routePrefix: '',
  languageRoute: '',
};

export function withRoutePrefix(layout: Layout): ClientLayout {
  const languageRoute =
    layout.languageCode === layout.defaultLanguageCode ? '' : `/${layout.languageCode}`;
  return { ...layout, languageRoute, routePrefix: `${layout.countryRoute}${languageRoute}` };
}
