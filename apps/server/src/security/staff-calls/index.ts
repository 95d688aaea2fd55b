import { giftsCalls } from './gifts-calls.js';
import { ordersCalls } from './orders-calls.js';
import { sessionCalls } from './session-calls.js';
import type { StaffCall } from './staff-call.js';

/** Every staff call of the matrix: each console area adds its list here. */
export const staffCalls: readonly StaffCall[] = [...sessionCalls, ...ordersCalls, ...giftsCalls];
