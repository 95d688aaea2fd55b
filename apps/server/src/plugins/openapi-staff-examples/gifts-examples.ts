import type { OperationExample, OperationKey } from '../openapi-document.js';

/** The gift calls' examples, on the demo catalogue of Greece (content/gifts/gr.json). */

const backpack = {
  id: 102,
  countryCode: 'gr',
  category: 'travel',
  points: 450,
  stock: null,
  active: true,
  image: '/media/gifts/backpack.svg',
  link: '',
  editedAt: null,
  texts: {
    eng: {
      description: 'City backpack',
      text: '<p>A water-repellent backpack with a padded laptop sleeve.</p>',
      imageAlt: '',
    },
    ell: {
      description: 'Σακίδιο πόλης',
      text: '<p>Αδιάβροχο σακίδιο με θήκη για φορητό υπολογιστή.</p>',
      imageAlt: '',
    },
  },
};

/** Tax details a Greek member sent, waiting for a decision. */
const sentTaxDetails = {
  number: '9000001',
  countryCode: 'gr',
  taxOk: false,
  state: 'sent',
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
  values: { taxNumber: '123456789', taxOffice: 'Athens A' },
  reason: null,
  sentAt: '2026-11-21T16:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
};

const backpackEdit = {
  category: 'travel',
  points: 480,
  active: true,
  image: '/media/gifts/backpack.svg',
  link: '',
  texts: {
    eng: {
      description: 'City backpack 20 l',
      text: backpack.texts.eng.text,
      imageAlt: 'A grey backpack with a front pocket',
    },
    ell: {
      description: 'Σακίδιο πόλης 20 l',
      text: backpack.texts.ell.text,
      imageAlt: 'Γκρι σακίδιο με μπροστινή τσέπη',
    },
  },
};

const edited = {
  ...backpack,
  ...backpackEdit,
  editedAt: '2026-11-22T10:00:00.000Z',
};

const ordering = { orderDisabled: false, ranges: [], reopensOn: null };

/** A 1×1 transparent PNG. */
const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const giftsExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/gifts': {
    access: 'staff',
    parameters: { country: 'gr' },
    answer: {
      data: {
        countryCode: 'gr',
        languages: ['eng', 'ell'],
        categories: [{ id: 'travel', names: { eng: 'Travel', ell: 'Ταξίδια' } }],
        gifts: [backpack],
        ordering,
      },
    },
  },
  'POST /s2c/staff/v1/gifts': {
    access: 'staff',
    body: { ...backpackEdit, countryCode: 'gr', stock: 12 },
    answer: {
      data: { ...edited, id: 415, stock: 12, stockHistory: [] },
    },
  },
  'GET /s2c/staff/v1/gifts/{id}': {
    access: 'staff',
    parameters: { id: '102' },
    answer: { data: { ...backpack, stockHistory: [] } },
  },
  'PUT /s2c/staff/v1/gifts/{id}': {
    access: 'staff',
    parameters: { id: '102' },
    body: backpackEdit,
    answer: { data: { ...edited, stockHistory: [] } },
  },
  'POST /s2c/staff/v1/gifts/{id}/stock': {
    access: 'staff',
    parameters: { id: '102' },
    body: { stock: 25, reason: 'Delivery from the supplier' },
    answer: {
      data: {
        ...edited,
        stock: 25,
        stockHistory: [
          {
            at: '2026-11-22T10:05:00.000Z',
            staff: 'admin@example.com',
            reason: 'Delivery from the supplier',
            before: null,
            after: 25,
          },
        ],
      },
    },
  },
  'POST /s2c/staff/v1/gifts/images': {
    access: 'staff',
    body: { country: 'gr', data: onePixelPng },
    answer: { data: { id: 1, url: '/media/gift-images/1' } },
  },
  'GET /s2c/staff/v1/gift-ordering/{country}': {
    access: 'staff',
    parameters: { country: 'gr' },
    answer: { data: ordering },
  },
  'PUT /s2c/staff/v1/gift-ordering/{country}': {
    access: 'staff',
    parameters: { country: 'gr' },
    body: { orderDisabled: false, ranges: [], reopensOn: '', reason: 'Open all year' },
    answer: { data: ordering },
  },
  'GET /s2c/staff/v1/tax-information/{number}': {
    access: 'staff',
    parameters: { number: '9000001' },
    answer: {
      data: {
        number: '9000001',
        countryCode: 'gr',
        firstName: 'Eleni',
        lastName: 'Demo',
        taxOk: true,
        verifiedAt: '2026-11-22T08:00:00.000Z',
      },
    },
  },
  'GET /s2c/staff/v1/members/{number}/tax-details': {
    access: 'staff',
    parameters: { number: '9000001' },
    answer: { data: sentTaxDetails },
  },
  'POST /s2c/staff/v1/members/{number}/tax-details/decision': {
    access: 'staff',
    parameters: { number: '9000001' },
    body: { decision: 'refuse', reason: 'The tax office does not match the tax number' },
    answer: {
      data: {
        ...sentTaxDetails,
        state: 'refused',
        reason: 'The tax office does not match the tax number',
        decidedBy: 'manager.gr@example.com',
        decidedAt: '2026-11-22T10:10:00.000Z',
      },
    },
  },
  'PUT /s2c/staff/v1/tax-information/{number}': {
    access: 'staff',
    parameters: { number: '9000001' },
    body: { taxOk: 'on', reason: 'Tax form received' },
    answer: {
      data: {
        number: '9000001',
        countryCode: 'gr',
        firstName: 'Eleni',
        lastName: 'Demo',
        taxOk: true,
        verifiedAt: '2026-11-22T10:10:00.000Z',
      },
    },
  },
};
