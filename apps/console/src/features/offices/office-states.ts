import type { OfficeListItem, OfficeStateChange } from '@club/contract/staff-offices';
import { formatMoment } from '../../lib/english-format';

/** Words of the offices area: an office's state and a change of it, as staff read them. */

export const takingPart = (active: boolean) => (active ? 'Taking part' : 'Not taking part');

export const officeStateText = (office: Pick<OfficeListItem, 'active' | 'direct'>) =>
  office.direct ? `${takingPart(office.active)}, direct sales` : takingPart(office.active);

/** A time of the server (ISO) as staff compare them: `2030-04-01 09:00 UTC`. */
export const timeText = formatMoment;

/** What a change did: `Not taking part → taking part`, `Added: taking part, direct sales`. */
export function changeText(change: OfficeStateChange): string {
  if (change.previousActive === null) {
    return `Added to the directory: ${takingPart(change.active).toLowerCase()}${change.direct === true ? ', direct sales' : ''}`;
  }
  const parts: string[] = [];
  if (change.previousActive !== change.active) {
    parts.push(`${takingPart(change.previousActive)} → ${takingPart(change.active).toLowerCase()}`);
  }
  if (change.direct !== null && change.previousDirect !== change.direct) {
    parts.push(change.direct ? 'turned to direct sales' : 'no longer direct sales');
  }
  return parts.length === 0 ? takingPart(change.active) : parts.join('; ');
}

/** Who made a change and how: the decision maker with which link, or the directory load. */
export function changeSource(change: OfficeStateChange): string {
  if (change.by === 'link') {
    const person =
      change.decisionMaker === null
        ? 'the decision maker'
        : `${change.decisionMaker.firstName} ${change.decisionMaker.lastName} (${change.decisionMaker.email})`;
    const link =
      change.link === null
        ? 'a link'
        : change.link.issuedBy === null
          ? `an ${change.link.purpose} link mailed by the club on ${timeText(change.link.createdAt)}`
          : `an ${change.link.purpose} link made by ${change.link.issuedBy} on ${timeText(change.link.createdAt)}`;
    return `${person}, with ${link}`;
  }
  const load = change.directoryImport;
  if (load === null) return 'A directory load';
  const how = load.source === 'console' ? 'uploaded in the console' : 'content:load';
  return `${load.actor}: directory file ${load.fileName} (${how}, import ${load.id})`;
}
