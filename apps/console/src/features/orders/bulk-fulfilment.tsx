import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkFulfilmentLine } from '@club/contract/staff-bulk';
import { BULK_FILE_MAX_LINES } from '@club/contract/staff-bulk-rules';
import { countOf } from '../../lib/english-format';
import { usePageTitle } from '../../lib/page-title';
import { staffCall } from '../../lib/staff-api';
import { BulkFileFlow, type BulkColumn } from '../../lib/ui/bulk-file-flow';
import type { BulkFulfilmentAnswer } from '@club/contract/staff-bulk';

const previewFile = (file: string) =>
  staffCall<BulkFulfilmentAnswer>(
    'POST',
    '/s2c/staff/v1/bulk-fulfilments/preview',
    { file },
    { json: true },
  );
const applyFile = (file: string) =>
  staffCall<BulkFulfilmentAnswer>(
    'POST',
    '/s2c/staff/v1/bulk-fulfilments',
    { file },
    { json: true },
  );

const columns: readonly BulkColumn<BulkFulfilmentLine>[] = [
  {
    header: 'Order',
    cell: (line) =>
      line.memberNumber === null ? line.order : <Link to={`../${line.order}`}>{line.order}</Link>,
  },
  {
    header: 'Member',
    cell: (line) =>
      line.memberNumber === null ? (
        '—'
      ) : (
        <Link to={`/members/${encodeURIComponent(line.memberNumber)}`}>
          {line.memberName} ({line.memberNumber})
        </Link>
      ),
  },
  { header: 'Gifts', cell: (line) => line.gifts ?? '—' },
  {
    header: 'Codes',
    cell: (line) =>
      line.codes.length === 0 ? (
        'None (sent without a code)'
      ) : (
        <ul className="plain-list">
          {line.codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
      ),
  },
];

/**
 * Fulfilment of many orders from a CSV file (order number, codes): checked
 * line by line first, then every order fulfilled and its member mailed after
 * a confirmation, or none. `orders.csv` with its codes filled in is such a file.
 */
export function BulkFulfilment() {
  usePageTitle('Bulk fulfilment');
  const queryClient = useQueryClient();
  return (
    <>
      <p>
        <Link to="..">Back to the orders</Link>
      </p>
      <h1>Bulk fulfilment from a file</h1>
      <p>
        Fulfil many orders sent to the provider at once with the codes the partner sent. The file is
        checked first; once you confirm, every order is fulfilled and its member mailed the codes,
        or none is.
      </p>
      <BulkFileFlow
        fileLabel="Fulfilment file (CSV)"
        hint={`One order a line: the order number, then its voucher codes (one per gift, in the next cells or in one cell; none for gifts sent without a code). The order export with its codes filled in works too. At most ${countOf(BULK_FILE_MAX_LINES, 'line', 'lines')}.`}
        preview={previewFile}
        apply={async (file) => {
          const answer = await applyFile(file);
          await queryClient.invalidateQueries({ queryKey: ['orders'] });
          return answer;
        }}
        columns={columns}
        summary={(answer) => `${countOf(answer.ok, 'order', 'orders')} ready to fulfil.`}
        confirmTitle="Fulfil the orders"
        confirmText={(answer) =>
          `Fulfil ${countOf(answer.ok, 'order', 'orders')} and mail each member their codes? Codes can be corrected until the member opens them.`
        }
        confirmLabel="Fulfil the orders"
        done={(answer) =>
          `Fulfilled ${countOf(answer.ok, 'order', 'orders')}; each member is mailed their codes.`
        }
      />
    </>
  );
}
