import type { Transaction } from '../../db/client.js';
import type { OfficeStateChange } from '../offices/office-directory.js';
import { agencyStateChanges } from './schema.js';

/** Rows per statement: far below PostgreSQL's parameter limit however many offices a file has. */
const CHUNK = 1000;

/**
 * The offices' state history of a directory import, in its transaction: the
 * offices module's port (`OfficeStateHistory`), filled here because the
 * history (`agency_state_changes`) is this module's table.
 */
export async function recordDirectoryStateChanges(
  tx: Transaction,
  changes: readonly OfficeStateChange[],
): Promise<void> {
  for (let start = 0; start < changes.length; start += CHUNK) {
    await tx.insert(agencyStateChanges).values(changes.slice(start, start + CHUNK));
  }
}
