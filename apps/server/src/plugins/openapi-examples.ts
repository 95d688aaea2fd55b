import { plainNumberSymbols } from '@club/contract/number-format';
import type { OperationExample, OperationKey } from './openapi-document.js';
import { staffExamples } from './openapi-staff-examples/index.js';

/**
 * One example request and answer per operation of the OpenAPI document.
 * They are real: `npm run test:openapi` replays them (openapi/replay.ts) against the
 * built club on a fresh database with its demo data (docs/testing.md), in the
 * document's order. The member calls are made as demo member 9000001 (id 1,
 * password demo2026) with a token that the replay's hooks log in for
 * (openapi/replay.ts). A new operation without an entry here fails the
 * OpenAPI checks, naming it.
 */

/** Demo member 9000001 as the member calls answer it. */
const demoMember = {
  id: 1,
  number: '9000001',
  countryCode: 'gr',
  firstName: 'Eleni',
  lastName: 'Demo',
  title: 'ms',
  email: 'eleni@demo.example',
  phone: '',
  birthdayDay: '',
  birthdayMonth: '',
  newsletter: false,
  sign: '',
  officeId: 'ATHGR2101',
  agency: 'Acropolis Travel Services',
  address: '',
  giftDeliveryAddress: '',
  agentAcceptedTermsAndConditions: true,
  isAmadeusDirectUser: false,
};

/** Demo member 9000001's id in the path and number in the query. */
const demoMemberId = { id: '1' };
const demoMemberNumber = { number: '9000001' };

/** The demo member's tax details: verified, so ready to order (Greece's fields, content/countries/gr/country.json). */
const demoTaxDetails = {
  state: 'confirmed',
  fields: [
    {
      name: 'taxNumber',
      kind: 'code',
      pattern: '\\d{9}',
      example: '123456789',
      maxLength: 9,
      optional: false,
    },
    { name: 'taxOffice', kind: 'text', maxLength: 100, optional: false },
  ],
  values: {},
  reason: null,
  sentAt: null,
  decidedAt: null,
};

/** The demo member's missing-points claim, as filed (the claims examples file it first). */
const demoClaim = {
  id: 1,
  pnr: 'DEMO99',
  travelDate: '2026-11-02',
  booked: 'hotel',
  note: 'The hotel night in Crete earned nothing',
  state: 'open',
  points: 0,
  reason: null,
  filedAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
};

/**
 * An opt-in link as the decision maker of inactive office ATHGR2102 gets it by
 * email after an agent's access request (the `enroll/push` example). Its
 * values are secret and new each time: the replay takes them from that email
 * (openapi/replay.ts).
 */
const optInLink = { s: 'q0Wv3YkB8hT1xJ2m', c: 'Jr4Xn8Vb2Kq6Lw0Tz5Hc9Ya3Pe7Uf1Sd6Gm4Bi8No2' };

const agencyLinkParameters = [
  {
    in: 'query',
    name: 's',
    required: true,
    description: "Names the link (the `s` of the decision maker's emailed link)",
    schema: { type: 'string', maxLength: 64 },
  },
  {
    in: 'query',
    name: 'c',
    required: true,
    description: "Proves the link (the `c` of the decision maker's emailed link)",
    schema: { type: 'string', maxLength: 128 },
  },
];

export const operationExamples: Partial<Record<OperationKey, OperationExample>> = {
  // Bare JSON, for load balancers; the replayed server runs every background job.
  'GET /livez': { access: 'guest', answer: { status: 'live' } },
  'GET /readyz': {
    access: 'guest',
    answer: {
      status: 'ready',
      database: 'answers',
      migrations: 'applied',
      workers: {
        mailOutbox: 'running',
        pointsClock: 'running',
        orderQueue: 'running',
        memberPurge: 'running',
      },
    },
  },
  'GET /s2c/content/v1/layout/': {
    access: 'guest',
    parameters: { countryCode: 'gr', languageCode: 'eng' },
    answer: {
      data: {
        countryCode: 'gr',
        languageCode: 'eng',
        languageShortCode: 'en',
        countryRoute: '',
        isRtl: false,
        languages: [
          {
            code: 'eng',
            nativeTitle: 'English',
            isCurrent: true,
          },
          {
            code: 'ell',
            nativeTitle: 'Ελληνικά',
            isCurrent: false,
          },
        ],
        currentLanguageNativeTitle: 'English',
        paramsRoute: ['category', 's', 'c'],
        menuItems: [
          {
            pageName: 'registration',
            title: 'Registration',
            audience: 'guest',
          },
          {
            pageName: 'faq',
            title: 'Rules',
            audience: 'both',
          },
          {
            pageName: 'profile-update',
            title: 'Update Details',
            audience: 'member',
          },
        ],
        menuHidden: false,
        languageSelectHidden: false,
        contactUsEmail: 'club-gr@example.com',
        amadeusDirectUrlToRedirect: 'https://direct.example.com/',
        headerAlerts: [
          {
            hash: 'gr-eng-2026-maintenance',
            type: 'warning',
            text: '<strong>Planned maintenance:</strong> on Sunday 6 December 2026 from 02:00 to 05:00 (Greek time) the club site will be unavailable. Bookings made during that time still earn points. <a href="/faq">Read the questions and answers</a>.',
          },
        ],
        headerImagesSrcSet: [
          {
            url: '/registration',
            target: '_self',
            image: '/media/banners/air-1120.svg',
            imageMobile: '/media/banners/air-640.svg',
            imageMacbook: '/media/banners/air-2240.svg',
            alt: 'Register with your office ID and start earning points',
          },
        ],
        dictionary: {
          'alert.close': 'Close',
          'cookies.accept': 'Accept',
          'login.forgotPassword': 'Forgot your password?',
        },
        subDomainDisabled: false,
        decisionMakerOptIn: true,
        doubleOpt: true,
        defaultLanguageCode: 'eng',
        // English (Greece) writes numbers as the plain symbols do.
        numberSymbols: plainNumberSymbols,
      },
    },
  },
  'GET /s2c/content/v1/pages/{pageName}/': {
    access: 'guest-or-member',
    parameters: { pageName: 'faq', countryCode: 'gr', languageCode: 'eng' },
    answer: {
      data: {
        name: 'faq',
        title: 'Rules and frequently asked questions',
        text: '<p>Here you will find answers to the questions travel agents ask us most often. If your question is not answered below, write to us at <a href="mailto:club-gr@example.com">club-gr@example.com</a>.</p>',
        postText:
          '<p>Still have a question? Write to <a href="mailto:club-gr@example.com">club-gr@example.com</a> and we will reply within two working days.</p>',
        faqItems: [
          {
            number: 1,
            title: 'How do I join the club?',
            text: '<p>Open the <a href="/registration">registration page</a> and enter the office ID of your agency. After you accept the general conditions, fill in your details and choose a password. We then send you an email: select the link in it to activate your membership. From then on you log in with your member number and password.</p>',
          },
        ],
        errorMessage: [],
        errorMessageList: [],
        dictionary: {
          'faq.title': 'Frequently asked questions',
        },
        params: {},
      },
    },
  },
  'POST /s2c/content/v1/pages/{pageName}/': {
    access: 'guest-or-member',
    parameters: { pageName: 'retrieve-password' },
    body: { countryCode: 'gr', languageCode: 'eng', email: 'eleni@demo.example' },
    answer: { data: { sent: true } },
  },
  'GET /s2c/content/v1/texts': {
    access: 'guest',
    parameters: { key: 'giftsTaxNotice', countryCode: 'gr', languageCode: 'eng' },
    answer: {
      data: {
        key: 'giftsTaxNotice',
        value:
          '<p>To unlock the Order button, please send us your tax information. Verifying it takes a few days; you can choose your gifts meanwhile.</p>',
      },
    },
  },
  'POST /s2c/auth/v1/token/agent': {
    access: 'guest',
    body: { username: '9000001', password: 'demo2026' },
    answer: { data: { user: demoMember, token: 'wKHv21d3zVKkVbRtZgafpQmHxJpKdADM8qx2kGiiZ5g' } },
  },
  'POST /s2c/auth/v1/agents/logout': {
    access: 'guest-or-member',
    answer: { data: null },
  },
  'POST /s2c/auth/v1/session/handover-code': {
    access: 'member',
    answer: {
      data: {
        code: 'mV0b1Ns3Jq9hXc2Lr7Tp4Kd8Fw6Ye5Gu0Ai3Zo1Pe2S',
        countryCode: 'gr',
        countryRoute: '',
        expiresInSeconds: 60,
      },
    },
  },
  'POST /s2c/auth/v1/session/handover': {
    access: 'guest',
    // The replay asks for a fresh code first (openapi/replay.ts).
    body: { code: 'mV0b1Ns3Jq9hXc2Lr7Tp4Kd8Fw6Ye5Gu0Ai3Zo1Pe2S', countryCode: 'gr' },
    answer: { data: { user: demoMember, token: 'Qe3LxN0rVt7Bm2Ks9Hd4Wy6Jc1Fa8Zp5Uo3Ri0Tg7Mn' } },
  },
  'GET /s2c/auth/v1/agents/{id}': {
    access: 'member',
    parameters: demoMemberId,
    answer: { data: demoMember },
  },
  'PUT /s2c/auth/v1/agents/{id}': {
    access: 'member',
    parameters: demoMemberId,
    body: {
      title: 'ms',
      giftDeliveryAddress: 'Ermou 25, 10563 Athens',
      phone: '+30 2101234567',
      email: 'eleni@demo.example',
      birthdayDay: '',
      birthdayMonth: '',
      oldPassword: '',
      password: '',
      passwordRepeat: '',
      newsletter: false,
      sign: '',
    },
    answer: {
      data: {
        ...demoMember,
        phone: '+30 2101234567',
        giftDeliveryAddress: 'Ermou 25, 10563 Athens',
      },
    },
  },
  'POST /s2c/auth/v1/agents/{id}/terms-acceptance': {
    access: 'member',
    parameters: demoMemberId,
    answer: {
      data: {
        ...demoMember,
        phone: '+30 2101234567',
        giftDeliveryAddress: 'Ermou 25, 10563 Athens',
      },
    },
  },
  'POST /s2c/auth/v1/agents': {
    access: 'guest',
    body: {
      countryCode: 'cy',
      agreeWithConditions: true,
      firstName: 'Andreas',
      lastName: 'Georgiou',
      title: 'mr',
      password: 'Larnaca2026',
      passwordRepeat: 'Larnaca2026',
      officeId: 'NICCY2101',
      email: 'andreas.georgiou@example.com',
      phone: '',
      birthdayDay: '',
      birthdayMonth: '',
      newsletter: false,
      sign: '',
      address: '',
      languageCode: 'eng',
    },
    answer: {
      data: {
        user: {
          ...demoMember,
          id: 5,
          number: '1000001',
          countryCode: 'cy',
          firstName: 'Andreas',
          lastName: 'Georgiou',
          title: 'mr',
          email: 'andreas.georgiou@example.com',
          officeId: 'NICCY2101',
          agency: 'Ledra Travel',
          address: 'Ledras Street 120, Nicosia, 1011',
        },
        // Cyprus has double opt-in: the member confirms the emailed link before a session.
        token: null,
      },
    },
  },
  'GET /s2c/auth/v1/offices/{id}/{countryCode}': {
    access: 'guest',
    parameters: { id: 'ATHGR2101', countryCode: 'gr' },
    answer: {
      data: {
        officeId: 'ATHGR2101',
        fullName: 'Acropolis Travel Services',
        zip: '10563',
        address: 'Ermou 25, Athens',
        isAmadeusDirectOffice: false,
        active: true,
      },
    },
  },
  'POST /s2c/auth/v1/offices/{id}/{countryCode}/enroll/push': {
    access: 'guest',
    parameters: { id: 'ATHGR2102', countryCode: 'gr', languageCode: 'eng' },
    answer: { data: { requested: true } },
  },
  'POST /s2c/auth/v1/offices/{id}/{countryCode}/enroll/notify': {
    access: 'guest',
    parameters: { id: 'HERGR2104', countryCode: 'gr' },
    body: { email: 'agent.heraklion@example.com', languageCode: 'eng' },
    answer: { data: { stored: true } },
  },
  // A link that is not, or no longer, valid answers 200 with
  // `validationMessages.officeId` (docs/api.md), never a 4xx.
  'GET /s2c/auth/v1/agency/state-change-request': {
    access: 'guest',
    replaceParameters: agencyLinkParameters,
    parameters: optInLink,
    answer: { data: { officeId: 'ATHGR2102', name: 'Plaka Holidays', purpose: 'opt-in' } },
  },
  'POST /s2c/auth/v1/agency/state-change-request': {
    access: 'guest',
    body: {
      ...optInLink,
      firstName: 'Maria',
      lastName: 'Papadaki',
      email: 'manager.athgr2102@example.com',
      agree: true,
    },
    answer: { data: { officeId: 'ATHGR2102', active: true } },
  },
  'GET /s2c/auth/v1/agent-points': {
    access: 'member',
    parameters: demoMemberNumber,
    answer: {
      data: {
        totalSegmentsPD: 3,
        totalSegmentsOk: 5,
        totalSegments: 8,
        accumulated: 575,
        used: 0,
        expired: 0,
        available: 575,
        regular: 35,
        additional: 540,
        edenredIsOff: false,
        orderingClosed: false,
        orderingReopensOn: null,
      },
    },
  },
  'GET /s2c/auth/v1/tax-details': {
    access: 'member',
    answer: { data: demoTaxDetails },
  },
  'POST /s2c/auth/v1/tax-details': {
    access: 'member',
    body: { taxNumber: '123456789', taxOffice: 'Athens A' },
    answer: { data: demoTaxDetails },
  },
  'POST /s2c/auth/v1/agent-points/claims': {
    access: 'member',
    status: 201,
    body: {
      number: '9000001',
      pnr: 'DEMO99',
      travelDate: '2026-11-02',
      booked: 'hotel',
      note: 'The hotel night in Crete earned nothing',
    },
    answer: { data: demoClaim },
  },
  'GET /s2c/auth/v1/agent-points/claims': {
    access: 'member',
    parameters: demoMemberNumber,
    answer: { data: { items: [demoClaim] } },
  },
  'GET /s2c/auth/v1/agent-points/forecast': {
    access: 'member',
    parameters: demoMemberNumber,
    answer: {
      data: {
        months: [
          { month: '2026-11', points: 0 },
          { month: '2026-12', points: 0 },
          { month: '2027-01', points: 40 },
          { month: '2027-02', points: 0 },
          { month: '2027-03', points: 0 },
          { month: '2027-04', points: 0 },
          { month: '2027-05', points: 0 },
          { month: '2027-06', points: 0 },
          { month: '2027-07', points: 0 },
          { month: '2027-08', points: 0 },
          { month: '2027-09', points: 0 },
          { month: '2027-10', points: 0 },
        ],
        next: { date: '2027-01-23', points: 40 },
      },
    },
  },
  'GET /s2c/auth/v1/agent-points/history': {
    access: 'member',
    parameters: demoMemberNumber,
    answer: {
      data: {
        // 2024-12 … 2026-11: the demo member's last two years.
        months: Array.from({ length: 24 }, (_, index) => {
          const month = new Date(Date.UTC(2024, 11 + index, 1)).toISOString().slice(0, 7);
          const earned = { '2026-09': 15, '2026-10': 20, '2026-11': 540 }[month] ?? 0;
          return { month, earned, spent: 0, expired: 0 };
        }),
      },
    },
  },
  'GET /s2c/auth/v1/agent-points/statement': {
    access: 'member',
    parameters: { ...demoMemberNumber, languageCode: 'eng' },
    // The body is CSV, not JSON: the byte-order mark, then CRLF lines.
    answer:
      '\uFEFFRecord,Date,PNR,Kind,Status,Points,Lapse on,Description\r\n' +
      'PNR,2026-11-12,DEMO01,,Validated,15,,\r\n' +
      'Segment,2026-11-15,DEMO01,Air,Validated,5,2029-11-20,\r\n' +
      'Points entry,2026-11-20,,Additional points,,500,2029-11-20,Welcome bonus\r\n' +
      'Total,,,,,500,,"The sum of the points entries above: credits, gift orders, the points of refunded orders given back, lapses"\r\n' +
      'PNR without points,2026-11-10,DEMO04,,,0,,The remark has no space between RM*AMA and the member number (write RM*AMA 1234567).\r\n',
  },
  'POST /s2c/bookings/v1/queue': {
    access: 'booking-queue',
    body:
      JSON.stringify({
        pnr: 'DOCS01',
        officeId: 'ATHGR2101',
        createdOn: '2026-11-20',
        remarks: ['RM*AMA 9000001'],
        segments: [{ id: '1', kind: 'air', status: 'HK', serviceDate: '2026-12-10' }],
      }) + '\n',
    answer: {
      data: {
        lines: 1,
        accepted: 1,
        updated: 0,
        unchanged: 0,
        rejected: {
          'no-remark': 0,
          'remark-without-space': 0,
          'malformed-remark': 0,
          'unknown-member': 0,
          'inactive-member': 0,
          'unknown-office': 0,
          'office-other-country': 0,
          'inactive-office': 0,
          'no-segments': 0,
          'all-segments-cancelled': 0,
        },
        malformed: [],
        malformedCount: 0,
        segments: 1,
      },
    },
  },
  'POST /s2c/auth/v1/agent/{provider}': {
    access: 'member',
    parameters: { provider: 'edenredorder' },
    answer: { data: { available: true, orderPartnerOff: false } },
  },
  'GET /s2c/auth/v1/agents/{id}/partner-programme': {
    access: 'member',
    parameters: { ...demoMemberId, ...demoMemberNumber, countryCode: 'gr' },
    answer: { data: { url: 'https://partner.example/club' } },
  },
  ...staffExamples,
};
