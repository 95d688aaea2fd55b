import type { InjectOptions } from 'fastify';
import { form, type StaffCall } from './staff-call.js';

const base = '/s2c/staff/v1/content';
const json = (value: unknown): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value),
});

/** The content area's calls: every role reads its countries' content; admins and managers change it. */
export const contentCalls: StaffCall[] = [
  {
    route: `GET ${base}/countries`,
    request: () => ({ method: 'GET', url: `${base}/countries` }),
    allowed: 'staff',
    countryScoped: false,
  },
  {
    route: `GET ${base}/:countryCode/:languageCode`,
    request: () => ({ method: 'GET', url: `${base}/gr/eng` }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/menu`,
    request: () => ({
      method: 'PUT',
      url: `${base}/gr/eng/menu`,
      ...json({ items: [{ pageName: 'faq', title: 'Taken over', audience: 'both' }] }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/alerts`,
    request: () => ({
      method: 'PUT',
      url: `${base}/gr/eng/alerts`,
      ...json({ items: [{ hash: 'taken-over', type: 'danger', text: 'Taken over' }] }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/banners`,
    request: () => ({ method: 'PUT', url: `${base}/gr/eng/banners`, ...json({ items: [] }) }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({
      items: [
        {
          url: '/faq',
          target: '_self',
          image: '/media/banner.jpg',
          imageMobile: '/media/banner-mobile.jpg',
          imageMacbook: '/media/banner-wide.jpg',
          alt: 'A beach',
        },
      ],
    }),
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/dictionary/:key`,
    request: () => ({
      method: 'PUT',
      url: `${base}/gr/eng/dictionary/faq.title`,
      ...form({ value: 'Taken over' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/texts/:key`,
    request: () => ({
      method: 'PUT',
      url: `${base}/gr/eng/texts/subscribe`,
      ...form({ value: 'Taken over' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `POST ${base}/:countryCode/:languageCode/mail-templates/:template/test-mail`,
    request: () => ({
      method: 'POST',
      url: `${base}/gr/eng/mail-templates/password-changed/test-mail`,
      ...form({ subject: 'A test', text: 'A test', html: '<p>A test</p>' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/mail-templates/:template`,
    request: () => ({
      method: 'PUT',
      url: `${base}/gr/eng/mail-templates/password-changed`,
      ...form({ subject: 'Taken over', text: 'Taken over', html: '<p>Taken over</p>' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `PUT ${base}/:countryCode/:languageCode/pages/:name`,
    request: () => ({
      method: 'PUT',
      url: `${base}/gr/eng/pages/faq`,
      ...form({ title: 'Taken over' }),
    }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({
      text: '<p>Before</p>',
      postText: '<p>After</p>',
      faqItems: [{ number: 1, title: 'A question?', text: '<p>The answer.</p>' }],
    }),
  },
  {
    route: `POST ${base}/:countryCode/alerts`,
    request: () => ({
      method: 'POST',
      url: `${base}/gr/alerts`,
      ...json({
        hash: 'taken-over',
        type: 'danger',
        texts: { eng: 'Taken over', ell: 'Taken over' },
      }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: `DELETE ${base}/:countryCode/alerts/:hash`,
    request: () => ({ method: 'DELETE', url: `${base}/gr/alerts/fixture-alert-1` }),
    allowed: 'manager',
    countryScoped: true,
  },
];
