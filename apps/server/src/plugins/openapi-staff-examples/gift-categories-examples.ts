import type { OperationExample, OperationKey } from '../openapi-document.js';

/**
 * The gift category calls' examples, on the demo catalogue of Greece
 * (content/gifts/gr.json): a category is created, renamed and deleted again,
 * in that order, so the replay leaves the catalogue as it found it.
 */

const languages = [
  { code: 'eng', name: 'English', shortCode: 'en', isRtl: false },
  { code: 'ell', name: 'Ελληνικά', shortCode: 'el', isRtl: false },
];

const demoCategories = [
  { id: 'travel', names: { eng: 'Travel', ell: 'Ταξίδια' }, gifts: 4, editedAt: null },
  { id: 'tech', names: { eng: 'Technology', ell: 'Τεχνολογία' }, gifts: 4, editedAt: null },
  {
    id: 'home',
    names: { eng: 'Home and office', ell: 'Σπίτι και γραφείο' },
    gifts: 4,
    editedAt: null,
  },
  { id: 'vouchers', names: { eng: 'Vouchers', ell: 'Κουπόνια' }, gifts: 2, editedAt: null },
];

const listWith = (...added: unknown[]) => ({
  data: { countryCode: 'gr', languages, categories: [...demoCategories, ...added] },
});

export const giftCategoriesExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/gift-categories/{country}': {
    access: 'staff',
    parameters: { country: 'gr' },
    answer: listWith(),
  },
  'POST /s2c/staff/v1/gift-categories/{country}': {
    access: 'staff',
    parameters: { country: 'gr' },
    body: { id: 'souvenirs', names: { eng: 'Souvenirs', ell: 'Αναμνηστικά' } },
    answer: listWith({
      id: 'souvenirs',
      names: { eng: 'Souvenirs', ell: 'Αναμνηστικά' },
      gifts: 0,
      editedAt: '2026-11-22T10:00:00.000Z',
    }),
  },
  'PUT /s2c/staff/v1/gift-categories/{country}/{id}': {
    access: 'staff',
    parameters: { country: 'gr', id: 'souvenirs' },
    body: { names: { eng: 'Souvenirs and gifts', ell: 'Αναμνηστικά και δώρα' } },
    answer: listWith({
      id: 'souvenirs',
      names: { eng: 'Souvenirs and gifts', ell: 'Αναμνηστικά και δώρα' },
      gifts: 0,
      editedAt: '2026-11-22T10:01:00.000Z',
    }),
  },
  'DELETE /s2c/staff/v1/gift-categories/{country}/{id}': {
    access: 'staff',
    parameters: { country: 'gr', id: 'souvenirs' },
    answer: listWith(),
  },
};
