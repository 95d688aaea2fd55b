import { useState, type FormEvent } from 'react';
import { useEdits } from '../../lib/unsaved-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NewEarningRuleSchema,
  earnSegment,
  earnedText,
  appliedRuleOf,
  type EarningRule,
  type NewEarningRule,
  type RuleTerms,
} from '@club/contract/earning-rules';
import { segmentKinds, type SegmentKind } from '@club/contract/earning';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { Field, TextField } from '../../lib/ui/field';
import { kindNames } from './rule-words';

const languageNames: Record<string, { name: string; tag: string }> = {
  eng: { name: 'English', tag: 'en' },
  ell: { name: 'Greek', tag: 'el' },
  deu: { name: 'German', tag: 'de' },
  ara: { name: 'Arabic', tag: 'ar' },
};

type Draft = {
  kind: 'base' | 'campaign' | 'welcome';
  name: string;
  memberNames: Record<string, string>;
  segmentTypes: SegmentKind[];
  effect: 'multiplier' | 'points';
  amount: string;
  from: string;
  to: string;
  basis: 'travel' | 'booking';
};

const emptyDraft: Draft = {
  kind: 'campaign',
  name: '',
  memberNames: {},
  segmentTypes: [],
  effect: 'multiplier',
  amount: '',
  from: '',
  to: '',
  basis: 'travel',
};

/** The kinds as the form offers them. */
const kindLabels = {
  campaign: 'Campaign',
  base: 'Base rule (points per segment)',
  welcome: 'Welcome bonus (points once, when a member’s account becomes active)',
} as const;

/** The draft as the call's body. */
function bodyOf(country: string, draft: Draft): NewEarningRule {
  const amount = draft.amount.trim() === '' ? null : Number(draft.amount);
  const multiplier = draft.kind === 'campaign' && draft.effect === 'multiplier';
  return {
    country,
    kind: draft.kind,
    name: draft.name,
    memberNames: draft.kind === 'campaign' ? draft.memberNames : {},
    segmentTypes: draft.kind === 'welcome' ? [] : draft.segmentTypes,
    points: multiplier ? null : amount,
    multiplier: multiplier ? amount : null,
    from: draft.from,
    to: draft.to,
    basis: draft.basis,
  };
}

/**
 * What the draft would change, before it is published: for each chosen
 * segment type, what a segment travelling and booked on the rule's first
 * day earns under the rules in force with the draft, and which rules apply.
 */
function preview(rules: readonly EarningRule[], country: string, draft: Draft): string[] {
  const parsed = NewEarningRuleSchema.safeParse(bodyOf(country, draft));
  if (!parsed.success) return [];
  const rule = parsed.data;
  if (rule.kind === 'welcome') {
    const running = rules.find(
      (other) =>
        other.kind === 'welcome' &&
        other.from <= rule.from &&
        (other.to === null || other.to >= rule.from),
    );
    return [
      `A member whose account becomes active on ${rule.from} gets ${rule.points ?? 0} points once, read as “Welcome bonus”${
        running === undefined ? '' : ` (now ${running.points ?? 0} under “${running.name}”)`
      }.`,
    ];
  }
  const terms: RuleTerms = { ...rule, id: 0, name: rule.name };
  const inForce = rules.filter((candidate) => candidate.endedAt === null || candidate.to !== null);
  return rule.segmentTypes.map((kind) => {
    const day = { travel: rule.from, booking: rule.from };
    const before = earnSegment(inForce, kind, day).points;
    const after = earnSegment([...inForce, terms], kind, day);
    return `A ${kind} segment on ${rule.from} earns ${after.points} (now ${before}): ${earnedText(
      kind,
      after.rules.map((applied) => appliedRuleOf(applied)),
    )}`;
  });
}

/** A new rule of the country, with a preview of what it changes. */
export function RuleForm({
  country,
  languages,
  rules,
  onDone,
}: {
  country: string;
  languages: readonly string[];
  rules: readonly EarningRule[];
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // A rule typed and not yet published: leaving asks first (publishing empties the form).
  useEdits(draft, draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const publish = useMutation({
    mutationFn: (body: NewEarningRule) =>
      staffCall<EarningRule>('POST', '/s2c/staff/v1/earning-rules', body, { json: true }),
    onSuccess: (rule) => {
      setDraft(emptyDraft);
      setErrors({});
      void client.invalidateQueries({ queryKey: ['earning-rules', country] });
      onDone(`“${rule.name}” is published.`);
    },
    onError: (failure) => {
      if (failure instanceof StaffApiError && failure.status === 400) {
        const data = (failure.data ?? {}) as Record<string, unknown>;
        const found: Record<string, string> = {};
        for (const [field, message] of Object.entries(data)) {
          if (field === 'requestId') continue;
          found[field] = Array.isArray(message) ? String(message[0]) : String(message);
        }
        setErrors(found);
      } else {
        setErrors({
          form:
            failure instanceof StaffApiError && failure.status === 403
              ? 'Your role may not publish rules.'
              : 'The rule could not be published. Try again.',
        });
      }
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = NewEarningRuleSchema.safeParse(bodyOf(country, draft));
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    publish.mutate(bodyOf(country, draft));
  };
  const lines = preview(rules, country, draft);
  const amountError = errors.points ?? errors.multiplier;
  return (
    <section aria-labelledby="rule-new" className="rule-form">
      <h2 id="rule-new">New rule in {country.toUpperCase()}</h2>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Kind</legend>
          {(['campaign', 'base', 'welcome'] as const).map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="rule-kind"
                checked={draft.kind === kind}
                onChange={() => set({ kind })}
              />{' '}
              {kindLabels[kind]}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Name (staff read it)"
          value={draft.name}
          error={errors.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        {draft.kind === 'campaign' &&
          languages.map((code) => (
            <TextField
              key={code}
              label={`Name the member reads in ${languageNames[code]?.name ?? code}`}
              lang={languageNames[code]?.tag}
              dir="auto"
              value={draft.memberNames[code] ?? ''}
              error={errors[`memberNames.${code}`]}
              onChange={(event) =>
                set({ memberNames: { ...draft.memberNames, [code]: event.target.value } })
              }
            />
          ))}
        {draft.kind !== 'welcome' && (
          <fieldset aria-describedby={errors.segmentTypes ? 'rule-types-error' : undefined}>
            <legend>Segment types</legend>
            {segmentKinds.map((kind) => (
              <label key={kind}>
                <input
                  type="checkbox"
                  checked={draft.segmentTypes.includes(kind)}
                  onChange={(event) =>
                    set({
                      segmentTypes: event.target.checked
                        ? [...draft.segmentTypes, kind]
                        : draft.segmentTypes.filter((chosen) => chosen !== kind),
                    })
                  }
                />{' '}
                {kindNames[kind]}
              </label>
            ))}
            {errors.segmentTypes && (
              <p id="rule-types-error" className="field-error">
                {errors.segmentTypes}
              </p>
            )}
          </fieldset>
        )}
        {draft.kind === 'campaign' && (
          <fieldset>
            <legend>The campaign</legend>
            <label>
              <input
                type="radio"
                name="rule-effect"
                checked={draft.effect === 'multiplier'}
                onChange={() => set({ effect: 'multiplier' })}
              />{' '}
              Multiplies the base points
            </label>
            <label>
              <input
                type="radio"
                name="rule-effect"
                checked={draft.effect === 'points'}
                onChange={() => set({ effect: 'points' })}
              />{' '}
              Adds fixed points
            </label>
          </fieldset>
        )}
        <Field
          label={
            draft.kind === 'campaign' && draft.effect === 'multiplier'
              ? 'Multiplier (e.g. 2 for double points)'
              : draft.kind === 'welcome'
                ? 'Points, once per new member'
                : 'Points per segment'
          }
          error={amountError}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={draft.amount}
              onChange={(event) => set({ amount: event.target.value })}
            />
          )}
        </Field>
        <TextField
          label="First day (YYYY-MM-DD)"
          value={draft.from}
          error={errors.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextField
          label="Last day (YYYY-MM-DD, empty: open-ended)"
          value={draft.to}
          error={errors.to}
          onChange={(event) => set({ to: event.target.value })}
        />
        {draft.kind !== 'welcome' && (
          <fieldset>
            <legend>The dates are compared with</legend>
            {(['travel', 'booking'] as const).map((basis) => (
              <label key={basis}>
                <input
                  type="radio"
                  name="rule-basis"
                  checked={draft.basis === basis}
                  onChange={() => set({ basis })}
                />{' '}
                {basis === 'travel' ? 'The travel date' : 'The booking date'}
              </label>
            ))}
          </fieldset>
        )}
        <section aria-labelledby="rule-preview" className="rule-preview">
          <h3 id="rule-preview">Preview</h3>
          <div aria-live="polite">
            {lines.length === 0 ? (
              <p>
                {draft.kind === 'welcome'
                  ? 'Fill in the rule to see what a new member would get.'
                  : 'Fill in the rule to see what segments would earn.'}
              </p>
            ) : (
              <ul>
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        </section>
        {errors.form && (
          <p role="alert" className="form-error">
            {errors.form}
          </p>
        )}
        <button type="submit" disabled={publish.isPending} aria-busy={publish.isPending}>
          Publish the rule
        </button>
      </form>
    </section>
  );
}
