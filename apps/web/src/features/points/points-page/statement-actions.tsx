import { useState } from 'react';
import { useLayout } from '../../../shared/layout-context';
import { useDictionary } from '../../../shared/use-dictionary';
import { Unavailable } from '../../../shared/points-status/query-state';
import { downloadPointsStatement } from '../api/points-statement';

/** Today as YYYY-MM-DD, for the file's name. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The statement: "Download statement (CSV)" saves the member's whole points
 * history (PNRs, segments, entries with reasons) in their language; "Print
 * statement" prints this page, which print styles reduce to the balance and
 * the tables.
 */
export function StatementActions({ number }: { number: string }) {
  const text = useDictionary();
  const { languageCode } = useLayout();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = () => {
    setState('busy');
    downloadPointsStatement(number, languageCode, today()).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <div className="points-statement">
      <div className="points-statement__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={download}
          aria-disabled={state === 'busy'}
          disabled={state === 'busy'}
        >
          {text('points.downloadCsv', 'Download statement (CSV)')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {text('points.print', 'Print statement')}
        </button>
      </div>
      {state === 'failed' ? <Unavailable /> : null}
    </div>
  );
}
