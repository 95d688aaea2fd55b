import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkAdjustmentLine } from '@club/contract/staff-bulk';
import { BULK_FILE_MAX_LINES } from '@club/contract/staff-bulk-rules';
import { countOf, formatMoment } from '../../../lib/english-format';
import { usePageTitle } from '../../../lib/page-title';
import { useStaff } from '../../../lib/staff-session';
import { BulkFileFlow, type BulkColumn } from '../../../lib/ui/bulk-file-flow';
import { applyBulkAdjustments, previewBulkAdjustments } from '../api/bulk-adjustments';
import { formatPoints } from './member-words';

const columns: readonly BulkColumn<BulkAdjustmentLine>[] = [
  {
    header: 'Member',
    cell: (line) =>
      line.memberName === null ? (
        line.number
      ) : (
        <Link to={`../${encodeURIComponent(line.number)}`}>
          {line.memberName} ({line.number})
        </Link>
      ),
  },
  {
    header: 'Points',
    cell: (line) =>
      line.points === null
        ? '—'
        : `${line.points > 0 ? '+' : '−'}${formatPoints(Math.abs(line.points))}`,
  },
  { header: 'Reason', cell: (line) => line.reason },
  {
    header: 'Available after',
    cell: (line) => (line.availableAfter === null ? '—' : formatPoints(line.availableAfter)),
  },
];

/**
 * Point adjustments from a CSV file (member number, points, reason): checked
 * line by line first, then applied as a whole after a confirmation. Each
 * line follows the single adjustment's rules, support's daily limit included.
 */
export function BulkAdjustments() {
  usePageTitle('Bulk adjustments');
  const staff = useStaff();
  const queryClient = useQueryClient();
  return (
    <>
      <p>
        <Link to="..">Back to the member search</Link>
      </p>
      <h1>Bulk adjustments from a file</h1>
      <p>
        Credit or debit many members at once. The file is checked first and nothing changes until
        you confirm; then every line is applied, or none. A file with the same lines as one applied
        before is not applied again.
        {staff.role === 'support' &&
          ' Your limit per member and day counts each line, with the adjustments already made today.'}
      </p>
      <BulkFileFlow
        fileLabel="Adjustments file (CSV)"
        hint={`One adjustment a line: member number, points (positive to credit, negative to debit), reason the member reads. Commas, semicolons or tabs; a first line of column names is fine. At most ${countOf(BULK_FILE_MAX_LINES, 'line', 'lines')}.`}
        preview={previewBulkAdjustments}
        apply={async (file) => {
          const answer = await applyBulkAdjustments(file);
          await queryClient.invalidateQueries({ queryKey: ['members'] });
          return answer;
        }}
        columns={columns}
        summary={(answer) =>
          `${countOf(answer.ok, 'line', 'lines')} ready: ${formatPoints(answer.credited)} points credited and ${formatPoints(answer.debited)} debited.`
        }
        blocked={(answer) =>
          answer.applied === null
            ? null
            : `A file with these lines was applied on ${formatMoment(answer.applied.at)} by ${answer.applied.by}: it is not applied twice.`
        }
        confirmTitle="Apply the adjustments"
        confirmText={(answer) =>
          `Apply ${countOf(answer.ok, 'adjustment', 'adjustments')}: ${formatPoints(answer.credited)} points credited and ${formatPoints(answer.debited)} debited? Each member reads the reason on their points page.`
        }
        confirmLabel="Apply the adjustments"
        done={(answer) =>
          `Applied ${countOf(answer.ok, 'adjustment', 'adjustments')}: ${formatPoints(answer.credited)} points credited and ${formatPoints(answer.debited)} debited.`
        }
      />
    </>
  );
}
