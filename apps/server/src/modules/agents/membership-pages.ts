import type { FastifyInstance } from 'fastify';
import { countryRouteOf } from '@club/contract/host';
import {
  ProfileUpdatePageSchema,
  RegistrationPageSchema,
  type ProfileUpdatePage,
  type RegistrationPage,
} from '@club/contract/account-pages';
import { findOffice, officeData } from '../offices/offices-repository.js';
import { personTitles } from './person-titles.js';
import { countryNameIn } from '../content/country-names.js';

/** Steps the server may name in the registration page (spec 1 §3 "Registration page data"). */
const registrationSteps = new Set(['dm-approval-notify', 'dm-approval-success']);

/**
 * The pages of registration and profile (spec 1 §2): `registration`,
 * `registration-success` and, for members, `profile-update`. Their texts are
 * content: the stored page, and the texts `registrationConditions`,
 * `optInDecisionMakerRequest`, `optInDecisionMakerEnrollSuccess`,
 * `optInDecisionMakerNotifySuccess`.
 */
export function registerMembershipPages(app: FastifyInstance): void {
  const { pageRegistry, contentCache, db } = app;
  /** The country's dialling code from its country.json, the phone field's hint (`+43`). */
  const phoneCodeOf = async (countryCode: string) =>
    (await contentCache.index()).get(countryCode)?.phoneCode ?? '';

  pageRegistry.register<RegistrationPage, unknown, unknown>({
    name: 'registration',
    words: ['registration', 'form', 'monthLong'],
    schema: RegistrationPageSchema,
    // Not cached: the office and the step come from the page params.
    load: async ({ content, countryCode, languageCode, params }) => {
      const stored = await content.page();
      const index = await contentCache.index();
      // Country names in the page's language (issue 30), sorted as that language sorts.
      const locale =
        index.get(countryCode)?.languages.find((language) => language.code === languageCode)
          ?.shortCode ?? 'en';
      const countries = [...index.values()]
        .map((country) => ({
          code: country.code,
          name: countryNameIn(country.code, locale, country.name),
          countryRoute: countryRouteOf(country),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, locale));
      const office =
        params.officeId === undefined || params.officeId.length > 20
          ? undefined
          : await findOffice(db, params.officeId, countryCode);
      const text = async (key: string) => (await content.text(key)) ?? '';
      return {
        title: stored?.title ?? 'Registration',
        text: stored?.text ?? '',
        postText: stored?.postText ?? '',
        countries,
        hasManyCountries: countries.length > 1,
        personTitles: await personTitles(contentCache, db, { countryCode, languageCode }),
        phoneCodeLocalized: await phoneCodeOf(countryCode),
        step: registrationSteps.has(params.step ?? '') ? params.step! : '',
        officeData: office === undefined ? null : officeData(office),
        optInDecisionMakerRequestText: await text('optInDecisionMakerRequest'),
        optInDecisionMakerEnrollSuccessText: await text('optInDecisionMakerEnrollSuccess'),
        optInDecisionMakerNotifySuccessText: await text('optInDecisionMakerNotifySuccess'),
        conditionsText: await text('registrationConditions'),
      };
    },
  });

  pageRegistry.register({
    name: 'registration-success',
    // The booking remark card: its words and the segment kinds' names.
    words: ['registrationSuccess', 'form', 'earning', 'points.kind'],
    cached: true,
    load: async ({ content }) => (await content.page()) ?? { title: 'Registration' },
  });

  pageRegistry.register<ProfileUpdatePage, unknown, unknown>({
    name: 'profile-update',
    words: ['profile', 'profileDelete', 'form', 'monthLong', 'pointsStatus'],
    memberOnly: true,
    schema: ProfileUpdatePageSchema,
    load: async ({ content, countryCode, languageCode, request }) => {
      const stored = await content.page();
      return {
        title: stored?.title ?? 'Update Details',
        text: stored?.text ?? '',
        postText: stored?.postText ?? '',
        personTitles: await personTitles(contentCache, db, { countryCode, languageCode }),
        // The member's own country: the web app follows it, but the hint must be right meanwhile.
        phoneCodeLocalized: await phoneCodeOf(request.agent?.countryCode ?? countryCode),
      };
    },
  });
}
