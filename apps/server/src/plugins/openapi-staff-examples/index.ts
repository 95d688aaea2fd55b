import type { OperationExample, OperationKey } from '../openapi-document.js';
import { bookingsExamples } from './bookings-examples.js';
import { bulkExamples } from './bulk-examples.js';
import { claimsExamples } from './claims-examples.js';
import { contentExamples } from './content-examples.js';
import { earningRulesExamples } from './earning-rules-examples.js';
import { giftCategoriesExamples } from './gift-categories-examples.js';
import { giftsExamples } from './gifts-examples.js';
import { memberActionsExamples } from './member-actions-examples.js';
import { membersExamples } from './members-examples.js';
import { officesExamples } from './offices-examples.js';
import { ordersExamples } from './orders-examples.js';
import { overviewExamples } from './overview-examples.js';
import { reportsExamples } from './reports-examples.js';
import { sessionExamples } from './session-examples.js';
import { staffAccountsExamples } from './staff-accounts-examples.js';

/** The staff console's examples: each area adds its own file here. */
export const staffExamples: Partial<Record<OperationKey, OperationExample>> = {
  ...sessionExamples,
  ...bookingsExamples,
  ...bulkExamples,
  ...claimsExamples,
  ...contentExamples,
  ...earningRulesExamples,
  ...giftsExamples,
  ...giftCategoriesExamples,
  ...memberActionsExamples,
  ...membersExamples,
  ...officesExamples,
  ...ordersExamples,
  ...overviewExamples,
  ...reportsExamples,
  ...staffAccountsExamples,
};
