import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningRule } from '@club/contract/earning-rules';
import { usePageTitle } from '../../lib/page-title';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { hasRole, useStaff } from '../../lib/staff-session';
import { CountryPicker } from '../../lib/ui/country-picker';
import { Dialog } from '../../lib/ui/dialog';
import { earningRulesQuery } from './earning-rules-api';
import { RuleForm } from './rule-form';
import { Simulator } from './simulator';
import { effectOf, kindNames, ruleKindNames } from './rule-words';
import './earning-rules.css';

/** The country shown (`?country=`), by default the staff member's first. */
function useRulesCountry(): [string, (country: string) => void] {
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  return [
    params.get('country') ?? staff.countries[0] ?? 'gr',
    (next) => setParams(new URLSearchParams({ country: next })),
  ];
}

/** The earning rules of a country: the list, ending a rule, a new rule with its preview, the simulator. */
export default function EarningRulesScreen() {
  usePageTitle('Earning rules');
  const staff = useStaff();
  const [country, setCountry] = useRulesCountry();
  const rules = useQuery(earningRulesQuery(country));
  const [done, setDone] = useState<string | null>(null);
  const mayChange = hasRole(staff, ['admin', 'manager']);
  return (
    <>
      <h1>Earning rules</h1>
      <CountryPicker id="rules-country" country={country} onChange={setCountry} />
      <div role="status">{done}</div>
      {rules.isPending && <p role="status">Loading the rules…</p>}
      {rules.isError && (
        <p role="alert" className="form-error">
          There are no rules of {country.toUpperCase()} in your countries.
        </p>
      )}
      {rules.data && (
        <>
          <RulesTable
            country={country}
            rules={rules.data.items}
            mayChange={mayChange}
            onDone={setDone}
          />
          {mayChange && (
            <RuleForm
              country={country}
              languages={rules.data.languages}
              rules={rules.data.items}
              onDone={setDone}
            />
          )}
          <Simulator country={country} />
        </>
      )}
    </>
  );
}

function RulesTable({
  country,
  rules,
  mayChange,
  onDone,
}: {
  country: string;
  rules: readonly EarningRule[];
  mayChange: boolean;
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const [ending, setEnding] = useState<EarningRule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const end = useMutation({
    mutationFn: (rule: EarningRule) =>
      staffCall<EarningRule>('POST', `/s2c/staff/v1/earning-rules/${rule.id}/end`),
    onSuccess: (rule) => {
      setEnding(null);
      void client.invalidateQueries({ queryKey: ['earning-rules', country] });
      onDone(`“${rule.name}” is ended: its last day is ${rule.to ?? ''}.`);
    },
    onError: (failure) =>
      setError(
        failure instanceof StaffApiError && failure.status === 409
          ? 'The rule is already ended.'
          : 'The rule could not be ended. Try again.',
      ),
  });
  return (
    <>
      <div className="table-scroll">
        <table>
          <caption>Earning rules of {country.toUpperCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Segment types</th>
              <th scope="col">Points</th>
              <th scope="col">Dates</th>
              <th scope="col">By</th>
              <th scope="col">State</th>
              {mayChange && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.id}>
                <th scope="row">{rule.name}</th>
                <td>{ruleKindNames[rule.kind]}</td>
                <td>
                  {rule.kind === 'welcome'
                    ? 'New members'
                    : rule.segmentTypes.map((kind) => kindNames[kind]).join(', ')}
                </td>
                <td>{effectOf(rule)}</td>
                <td>
                  {rule.from === '1900-01-01' ? 'Always' : `From ${rule.from}`}
                  {rule.to === null ? '' : ` to ${rule.to}`}
                </td>
                <td>
                  {rule.kind === 'welcome'
                    ? 'Activation date'
                    : rule.basis === 'booking'
                      ? 'Booking date'
                      : 'Travel date'}
                </td>
                <td>
                  {rule.endedAt === null ? 'In force' : `Ended by ${rule.endedBy ?? ''}`}
                  {rule.earned ? ' (has earned points)' : ''}
                </td>
                {mayChange && (
                  <td>
                    {rule.endedAt === null && (
                      <button
                        type="button"
                        onClick={() => {
                          setError(null);
                          setEnding(rule);
                        }}
                      >
                        End “{rule.name}”
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog
        title={`End “${ending?.name ?? ''}”?`}
        open={ending !== null}
        onClose={() => setEnding(null)}
      >
        <p>
          {ending?.kind === 'welcome'
            ? 'From tomorrow no new member gets this welcome bonus. Members it already credited keep their points; a rule is never deleted.'
            : 'From tomorrow no segment earns under this rule. Segments it already gave points keep them; a rule is never deleted.'}
        </p>
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="toolbar">
          <button
            type="button"
            disabled={end.isPending}
            aria-busy={end.isPending}
            onClick={() => ending !== null && end.mutate(ending)}
          >
            End the rule
          </button>
          <button type="button" onClick={() => setEnding(null)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}
