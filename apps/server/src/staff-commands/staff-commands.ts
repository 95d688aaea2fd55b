import { agencyLinkCommand } from '../modules/agencies/link-cli.js';
import { directAccessCommand } from '../modules/agents/direct-access-cli.js';
import { contentLoadCommand } from './content-load-cli.js';
import { contentExportCommand } from './content-export-cli.js';
import { giftsTaxCommand } from '../modules/gifts/ordering/tax-cli.js';
import { ordersFulfilCommand } from '../modules/gifts/provider/fulfil-cli.js';
import { pointsImportCommand } from '../modules/points/adjustments/adjustments-cli.js';
import { bookingsImportCommand } from '../modules/points/bookings/import-cli.js';
import { staffAddCommand } from '../modules/staff/staff-add-cli.js';
import type { StaffCommand } from './staff-command.js';

/** Every staff command: the server runs these when a command hands its work over. */
export const staffCommands: readonly StaffCommand[] = [
  contentLoadCommand,
  contentExportCommand,
  bookingsImportCommand,
  pointsImportCommand,
  ordersFulfilCommand,
  giftsTaxCommand,
  agencyLinkCommand,
  directAccessCommand,
  staffAddCommand,
];
