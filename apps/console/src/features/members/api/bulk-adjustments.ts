import type { BulkAdjustmentsAnswer, MemberExportQuery } from '@club/contract/staff-bulk';
import { queryString, staffCall } from '../../../lib/staff-api';

/** Every line of a file of adjustments checked; nothing written. */
export const previewBulkAdjustments = (file: string) =>
  staffCall<BulkAdjustmentsAnswer>(
    'POST',
    '/s2c/staff/v1/bulk-adjustments/preview',
    { file },
    { json: true },
  );

/** The whole file applied, or nothing (the refusal carries every line's outcome). */
export const applyBulkAdjustments = (file: string) =>
  staffCall<BulkAdjustmentsAnswer>(
    'POST',
    '/s2c/staff/v1/bulk-adjustments',
    { file },
    { json: true },
  );

/** The member export's address for these filters (empty ones left out). */
export const memberExportPath = (filter: MemberExportQuery) =>
  `/s2c/staff/v1/members.csv${queryString(filter)}`;
