import type { OperationExample, OperationKey } from '../openapi-document.js';

/** Demo admin of the README (apps/server/src/modules/staff/demo-staff.ts). */
export const demoAdmin = { email: 'admin@example.com', role: 'admin', countries: [] };

/**
 * The staff session's examples. The replay's hooks put a fresh code into the
 * login (a code works once) and log in for the staff calls as the demo admin
 * (openapi/replay.ts).
 */
export const sessionExamples: Partial<Record<OperationKey, OperationExample>> = {
  'POST /s2c/staff/v1/session': {
    access: 'guest',
    body: { email: 'manager.at@example.com', password: 'demo-manager-passphrase', code: '123456' },
    answer: {
      data: {
        token: 'stf_Yc3mT8qLw2Vn6Rb0Xk4Hs9Jd1Fg5Pz7Ua2Ne8Qi3Mo6',
        staff: { email: 'manager.at@example.com', role: 'manager', countries: ['at'] },
      },
    },
  },
  'GET /s2c/staff/v1/session': { access: 'staff', answer: { data: demoAdmin } },
  'DELETE /s2c/staff/v1/session': { access: 'staff', answer: { data: null } },
};
