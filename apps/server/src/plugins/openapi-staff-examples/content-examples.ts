import type { OperationExample, OperationKey } from '../openapi-document.js';

/**
 * The content area's examples, on the demo content as the demo admin. The
 * changes write Austria's English content as the demo files have it (the
 * alert example publishes a notice in German and English, which the delete
 * example then takes down again), so replaying them leaves the site as it was.
 */

const base = '/s2c/staff/v1/content';
const atEnglish = { countryCode: 'at', languageCode: 'eng' };
const published = { data: { version: 2 } };

const menuItems = [
  { pageName: 'registration', title: 'Registration', audience: 'guest' },
  { pageName: 'faq', title: 'Rules', audience: 'both' },
  { pageName: 'terms-and-conditions', title: 'General Conditions', audience: 'both' },
  { pageName: 'news', title: 'News', audience: 'both' },
  { pageName: 'profile-update', title: 'Update Details', audience: 'member' },
  { pageName: 'archive-points', title: 'Archive points', audience: 'member' },
];
const headerAlerts = [
  {
    hash: 'at-eng-2026-maintenance',
    type: 'warning',
    text: '<strong>Planned maintenance:</strong> on Sunday 13 December 2026 from 01:00 to 04:00 (Austrian time) the club site will be unavailable. Bookings made during that time still earn points. <a href="/faq">Read the questions and answers</a>.',
  },
];
const headerImages = [
  {
    url: '/registration',
    target: '_self',
    image: '/media/banners/rail-1120.svg',
    imageMobile: '/media/banners/rail-640.svg',
    imageMacbook: '/media/banners/rail-2240.svg',
    alt: 'Register now and earn points on every rail booking',
  },
];
const passwordChanged = {
  subject: 'Your password has been changed',
  text: 'Hello {{firstName}},\n\nThe password of your Amadeus+Me account has just been changed, and every other session of your account has been logged out.\n\nIf this was not you, set a new password with "Forgot password" on the login page and contact us: {{support}}\n\nAmadeus+Me',
  html: '<p>Hello {{firstName}},</p><p>The password of your Amadeus+Me account has just been changed, and every other session of your account has been logged out.</p><p>If this was not you, set a new password with "Forgot password" on the login page and contact us: {{support}}</p><p>Amadeus+Me</p>',
};

export const contentExamples: Partial<Record<OperationKey, OperationExample>> = {
  [`GET ${base}/countries`]: {
    access: 'staff',
    answer: {
      data: [
        {
          code: 'at',
          name: 'Austria',
          defaultLanguage: 'deu',
          subDomainDisabled: false,
          languages: [
            { code: 'deu', nativeTitle: 'Deutsch', isRtl: false },
            { code: 'eng', nativeTitle: 'English', isRtl: false },
          ],
        },
      ],
    },
  },
  [`GET ${base}/{countryCode}/{languageCode}`]: {
    access: 'staff',
    parameters: atEnglish,
    answer: {
      data: {
        countryCode: 'at',
        languageCode: 'eng',
        isRtl: false,
        menuItems,
        headerAlerts,
        headerImages,
        dictionary: { 'menu.login': 'Login' },
        texts: { subscribe: '<p>Join the club with your office ID …</p>' },
        mailTemplates: [
          {
            template: 'password-changed',
            ...passwordChanged,
            placeholders: ['support', 'firstName'],
            links: [],
          },
        ],
        pages: {
          news: { title: 'News', text: '<p>…</p>', postText: '', faqItems: [] },
        },
        edits: [
          {
            path: 'at/eng/menu',
            changedBy: 'manager.at@example.com',
            changedAt: '2026-11-20T09:30:00.000Z',
          },
        ],
      },
    },
  },
  [`PUT ${base}/{countryCode}/{languageCode}/menu`]: {
    access: 'staff',
    parameters: atEnglish,
    body: { items: menuItems },
    answer: published,
  },
  [`PUT ${base}/{countryCode}/{languageCode}/alerts`]: {
    access: 'staff',
    parameters: atEnglish,
    body: { items: headerAlerts },
    answer: published,
  },
  [`PUT ${base}/{countryCode}/{languageCode}/banners`]: {
    access: 'staff',
    parameters: atEnglish,
    body: { items: headerImages },
    answer: published,
  },
  [`PUT ${base}/{countryCode}/{languageCode}/dictionary/{key}`]: {
    access: 'staff',
    parameters: { ...atEnglish, key: 'menu.login' },
    body: { value: 'Login' },
    answer: published,
  },
  [`PUT ${base}/{countryCode}/{languageCode}/texts/{key}`]: {
    access: 'staff',
    parameters: { ...atEnglish, key: 'agencyOptIn' },
    body: {
      value:
        "<p>When your agency takes part in the Amadeus+Me club, every agent working in your office ID can register and collect points for each air, hotel, car and rail segment they book. Please confirm your agency's participation with the form below.</p>",
    },
    answer: published,
  },
  [`PUT ${base}/{countryCode}/{languageCode}/mail-templates/{template}`]: {
    access: 'staff',
    parameters: { ...atEnglish, template: 'password-changed' },
    body: passwordChanged,
    answer: { data: { version: 2, removed: [] } },
  },
  [`POST ${base}/{countryCode}/{languageCode}/mail-templates/{template}/test-mail`]: {
    access: 'staff',
    parameters: { ...atEnglish, template: 'password-changed' },
    body: passwordChanged,
    answer: { data: { sentTo: 'admin@example.com', removed: [] } },
  },
  [`PUT ${base}/{countryCode}/{languageCode}/pages/{name}`]: {
    access: 'staff',
    parameters: { ...atEnglish, name: '404' },
    body: { title: 'Page not found', text: '', postText: '' },
    answer: published,
  },
  [`POST ${base}/{countryCode}/alerts`]: {
    access: 'staff',
    parameters: { countryCode: 'at' },
    body: {
      hash: 'at-2026-office-closed',
      type: 'info',
      texts: {
        deu: 'Unser Büro ist am 24. Dezember geschlossen.',
        eng: 'Our office is closed on 24 December.',
      },
      startsAt: '2026-12-20T08:00:00+01:00',
      endsAt: '2026-12-25T00:00:00+01:00',
    },
    answer: published,
  },
  [`DELETE ${base}/{countryCode}/alerts/{hash}`]: {
    access: 'staff',
    parameters: { countryCode: 'at', hash: 'at-2026-office-closed' },
    answer: published,
  },
};
