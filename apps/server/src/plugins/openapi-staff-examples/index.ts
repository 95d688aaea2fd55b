import type { OperationExample, OperationKey } from '../openapi-document.js';
import { giftsExamples } from './gifts-examples.js';
import { ordersExamples } from './orders-examples.js';
import { sessionExamples } from './session-examples.js';

/** The staff console's examples: each area adds its own file here. */
export const staffExamples: Partial<Record<OperationKey, OperationExample>> = {
  ...sessionExamples,
  ...ordersExamples,
  ...giftsExamples,
};
