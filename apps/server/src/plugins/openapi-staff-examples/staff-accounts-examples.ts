import type { OperationExample, OperationKey } from '../openapi-document.js';

/**
 * Staff accounts and the audit log. The setup examples cannot carry a real
 * token: the replay's hooks add an account for each (3 and 4, after the two
 * demo staff, since the document lists the setup calls first) and put its
 * token, and a code of its secret, in (openapi/replay.ts). The add
 * example then adds `new.support@example.com`, account 5, which the later
 * examples change.
 */
const newSupport = {
  id: 5,
  email: 'new.support@example.com',
  role: 'support',
  countries: ['at'],
  state: 'waiting-for-setup',
  createdAt: '2026-11-26T08:00:00.000Z',
};
const setupLink =
  'http://localhost:3000/staff/setup?token=stf_Qe7vL2xN9bR4tY8kW1mZ5cH3jF6gP0sD2aU4iO7nE1q';
const expiresAt = '2026-11-29T08:00:00.000Z';

export const staffAccountsExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/staff': {
    access: 'staff',
    answer: {
      data: {
        items: [
          {
            id: 1,
            email: 'admin@example.com',
            role: 'admin',
            countries: [],
            state: 'set-up',
            createdAt: '2026-11-20T07:00:00.000Z',
            failedLogins: 0,
            loginBlockedUntil: null,
          },
          {
            id: 2,
            email: 'manager.at@example.com',
            role: 'manager',
            countries: ['at'],
            state: 'set-up',
            createdAt: '2026-11-20T07:00:00.000Z',
            failedLogins: 7,
            loginBlockedUntil: '2026-11-26T08:04:16.000Z',
          },
        ],
      },
    },
  },
  'POST /s2c/staff/v1/staff': {
    access: 'staff',
    body: { email: newSupport.email, role: 'support', countries: ['at'] },
    answer: { data: { account: newSupport, setupLink, expiresAt, mailedTo: newSupport.email } },
  },
  'PATCH /s2c/staff/v1/staff/{id}': {
    access: 'staff',
    parameters: { id: '5' },
    body: { role: 'support', countries: ['at', 'cy'] },
    answer: { data: { ...newSupport, countries: ['at', 'cy'] } },
  },
  'POST /s2c/staff/v1/staff/{id}/disable': {
    access: 'staff',
    parameters: { id: '5' },
    answer: { data: { ...newSupport, state: 'disabled' } },
  },
  'POST /s2c/staff/v1/staff/{id}/enable': {
    access: 'staff',
    parameters: { id: '5' },
    answer: { data: newSupport },
  },
  'POST /s2c/staff/v1/staff/{id}/login-unlock': {
    access: 'staff',
    parameters: { id: '5' },
    answer: { data: { ...newSupport, failedLogins: 0, loginBlockedUntil: null } },
  },
  'POST /s2c/staff/v1/staff/{id}/setup-link': {
    access: 'staff',
    parameters: { id: '5' },
    answer: { data: { account: newSupport, setupLink, expiresAt } },
  },
  'GET /s2c/staff/v1/setup': {
    access: 'guest',
    parameters: { token: 'stf_Qe7vL2xN9bR4tY8kW1mZ5cH3jF6gP0sD2aU4iO7nE1q' },
    answer: {
      data: {
        email: newSupport.email,
        role: 'support',
        countries: ['at'],
        totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        totpUri:
          'otpauth://totp/Loyalty%20club%20staff:new.support%40example.com?issuer=Loyalty%20club%20staff&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
      },
    },
  },
  'POST /s2c/staff/v1/setup': {
    access: 'guest',
    body: {
      token: 'stf_Qe7vL2xN9bR4tY8kW1mZ5cH3jF6gP0sD2aU4iO7nE1q',
      password: 'a long staff passphrase',
      code: '123456',
    },
    answer: { data: null },
  },
  'GET /s2c/staff/v1/audit': {
    access: 'staff',
    parameters: { action: 'staff.add' },
    answer: {
      data: {
        items: [
          {
            id: 3,
            at: '2026-11-26T08:00:00.000Z',
            staff: 'admin@example.com',
            action: 'staff.add',
            targetType: 'staff',
            target: newSupport.email,
            countryCode: null,
            reason: null,
            before: null,
            after: { role: 'support', countries: ['at'], state: 'waiting-for-setup' },
          },
        ],
        total: 1,
        totalCapped: false,
      },
    },
  },
  'GET /s2c/staff/v1/audit.csv': {
    access: 'staff',
    parameters: { action: 'staff.add' },
    // The body is CSV, not JSON: the byte-order mark, then CRLF lines.
    answer:
      '\uFEFFTime,Staff,Action,Target type,Target,Country,Reason,Before,After\r\n' +
      `2026-11-26T08:00:00.000Z,admin@example.com,staff.add,staff,new.support@example.com,,,,"{""role"":""support"",""countries"":[""at""],""state"":""waiting-for-setup""}"\r\n`,
  },
  'GET /s2c/staff/v1/audit/actions': {
    access: 'staff',
    answer: { data: { actions: ['staff.add', 'staff.create-demo'] } },
  },
};
