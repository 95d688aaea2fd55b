import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useLocation } from '../../../shared/navigation/navigator-router';
import { useNavigate } from '../../../shared/navigation/navigator-router';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { PointsSearchSchema, type PointsPage, type PointsSearch } from '@club/contract/points';
import { useLayout } from '../../../shared/layout-context';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';
import { fill } from '../../../shared/points-status/format';
import { DatePicker } from './date-picker';
import { useFormatDate, useParseDate } from '../../../shared/locale-date';
import { useMessageWording } from '../../../shared/use-message-wording';
import {
  schemaResolver,
  useFormSubmit,
  useResolvedClubForm,
} from '../../../shared/forms/use-club-form';

type PointsSearchInput = z.input<typeof PointsSearchSchema>;

/**
 * The form's values (the search form of spec 2 §3 with `details` as the
 * checkbox's state), checked by the contract's schema (spec 2 §5) with the
 * checkbox as `details=1`. Dates are typed as the page writes them ("23 Jan
 * 2027") or as ISO; `readDate` turns them into the `YYYY-MM-DD` the server
 * takes (a text it cannot read goes on, for the schema's message).
 */
const searchFormSchema = (readDate: (typed: string) => string | null) =>
  z
    .object({
      searchBy: z.enum(['pnr', 'date']),
      pnrSearch: z.string(),
      fromDate: z.string(),
      toDate: z.string(),
      details: z.boolean(),
    })
    .transform(({ searchBy, pnrSearch, fromDate, toDate, details }): PointsSearchInput => {
      const detailsParam = details ? '1' : '';
      const iso = (typed: string) => readDate(typed) ?? typed;
      return searchBy === 'pnr'
        ? { searchBy, pnrSearch, details: detailsParam }
        : { searchBy, fromDate: iso(fromDate), toDate: iso(toDate), details: detailsParam };
    })
    .pipe(PointsSearchSchema);

export type SearchValues = z.input<ReturnType<typeof searchFormSchema>>;
type FieldName = Exclude<keyof SearchValues, 'details'>;
type SearchForm = UseFormReturn<SearchValues, unknown, PointsSearch>;

/** The text fields of a search by PNR or by dates. */
function fieldsOf(searchBy: SearchValues['searchBy']): string[] {
  return searchBy === 'pnr' ? ['pnrSearch'] : ['fromDate', 'toDate'];
}

/** The form's values from the page URL's query (the search shown), its dates written by `writeDate`. */
export function searchValues(
  search: string,
  writeDate: (iso: string) => string = (iso) => iso,
): SearchValues {
  const query = new URLSearchParams(search);
  return {
    searchBy: query.get('searchBy') === 'date' ? 'date' : 'pnr',
    pnrSearch: query.get('pnrSearch') ?? '',
    fromDate: writeDate(query.get('fromDate') ?? ''),
    toDate: writeDate(query.get('toDate') ?? ''),
    details: query.get('details') === '1',
  };
}

/** The page params of a valid search: `searchBy=pnr&pnrSearch=…` or `searchBy=date&fromDate=…&toDate=…`, then `details=1`. */
export function searchQuery(search: PointsSearch): Record<string, string> {
  const query: Record<string, string> =
    search.searchBy === 'pnr'
      ? { searchBy: 'pnr', pnrSearch: search.pnrSearch }
      : { searchBy: 'date', fromDate: search.fromDate, toDate: search.toDate };
  if (search.details === '1') query.details = '1';
  return query;
}

function CalendarIcon() {
  return (
    <svg className="points-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect
        x="3.5"
        y="5"
        width="17"
        height="15"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A labelled text control with its hint and its (numbered, when several) messages. */
function Field({
  form,
  name,
  label,
  hint,
  children,
  input,
  ownMessage,
}: {
  form: SearchForm;
  name: FieldName;
  label: string;
  hint?: string;
  /** After the control (the calendar button). */
  children?: ReactNode;
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** The field's own wording of a message key, where it says more than the shared one. */
  ownMessage?: (key: string) => string | undefined;
}) {
  const id = useId();
  const message = useMessageWording();
  const error = form.formState.errors[name]?.message;
  const word = (key: string) => ownMessage?.(key) ?? message(key);
  const lines = typeof error === 'string' && error !== '' ? error.split('\n').map(word) : [];
  const described = [hint ? `${id}-hint` : '', lines.length > 0 ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="points-field">
      <label className="points-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="points-field__row">
        <input
          id={id}
          type="text"
          className="points-field__control"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={lines.length > 0 ? true : undefined}
          aria-describedby={described || undefined}
          {...input}
          {...form.register(name)}
        />
        {children}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="points-field__hint">
          {hint}
        </p>
      ) : null}
      {lines.length === 1 ? (
        <p id={`${id}-error`} className="points-field__error">
          {lines[0]}
        </p>
      ) : lines.length > 1 ? (
        <ol id={`${id}-error`} className="points-field__error">
          {lines.map((line, index) => (
            <li key={`${index}-${line}`}>{line}</li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The day a date field's example shows, written in the page's language. */
const DATE_EXAMPLE = '2026-01-23';

/** A date field (written as the page writes dates, or YYYY-MM-DD) with its calendar button and date-picker dialog. */
function DateField({
  form,
  name,
  label,
  pickerTitle,
}: {
  form: SearchForm;
  name: 'fromDate' | 'toDate';
  label: string;
  pickerTitle: string;
}) {
  const text = useDictionary();
  const formatDate = useFormatDate();
  const readDate = useParseDate();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const value = useWatch({ control: form.control, name });
  const example = formatDate(DATE_EXAMPLE, 'short');
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <Field
        form={form}
        name={name}
        label={label}
        hint={fill(text('points.dateHint', 'For example {example}, or YYYY-MM-DD'), { example })}
        // The format message names the same two ways to write a date as the hint.
        ownMessage={(key) =>
          key === 'points.message.dateFormat'
            ? fill(
                text(
                  'points.message.dateFormatExample',
                  'Write the date as in {example}, or as YYYY-MM-DD.',
                ),
                { example },
              )
            : undefined
        }
        input={{
          placeholder: example,
          // A written date reads in its own words' direction (an Arabic month right to left).
          dir: 'auto',
          className: 'points-field__control points-field__date',
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          className="points-field__calendar"
          aria-label={pickerTitle}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <CalendarIcon />
        </button>
      </Field>
      {open ? (
        <DatePicker
          title={pickerTitle}
          value={readDate(value) ?? ''}
          onPick={(date) => {
            form.setValue(name, formatDate(date, 'short'), {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
            close();
          }}
          onClose={close}
        />
      ) : null}
    </>
  );
}

/**
 * The points search (spec 2 §3 "Search form", §5): by PNR or by a date range,
 * with "Show segments". A valid search navigates to the page with the search
 * as its query, so the page loader asks the server for it; the server's
 * `validationMessages` land on the fields.
 */
export function SearchForm({ page }: { page: PointsPage }) {
  const layout = useLayout();
  const text = useDictionary();
  const message = useMessageWording();
  const navigate = useNavigate();
  const { search } = useLocation();
  const titleId = useId();
  const formatDate = useFormatDate();
  const readDate = useParseDate();
  const writeDate = useCallback((iso: string) => formatDate(iso, 'short'), [formatDate]);
  const resolver = useMemo(() => schemaResolver(searchFormSchema(readDate)), [readDate]);
  const form = useResolvedClubForm(resolver, searchValues(search, writeDate), 'onSubmit');
  const { reset, setError } = form;
  const searchBy = useWatch({ control: form.control, name: 'searchBy' });

  // Each answer shows its search in the form, and its messages on the fields.
  useEffect(() => {
    const values = searchValues(search, writeDate);
    reset(values);
    let first = true;
    for (const [field, list] of Object.entries(page.validationMessages ?? {})) {
      if (list.length === 0 || !fieldsOf(values.searchBy).includes(field)) continue;
      setError(
        field as FieldName,
        { type: 'server', message: list.join('\n') },
        { shouldFocus: first },
      );
      first = false;
    }
  }, [page, search, reset, setError, writeDate]);
  // Server messages for fields the search shown does not have.
  const shownFields = fieldsOf(searchValues(search).searchBy);
  const otherMessages = Object.entries(page.validationMessages ?? {})
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([, list]) => list);

  // A valid search is a page change; the server's messages come with its page.
  const { onSubmit } = useFormSubmit(form, async (values) => {
    await navigate(pagePath(layout, 'points', searchQuery(values)));
  });

  return (
    <section className="points-search" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('points.searchTitle', 'Search your PNRs')}</h2>
      <form
        className="points-search__form"
        role="search"
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <fieldset className="points-search__by">
          <legend className="points-field__label">{text('points.searchBy', 'Search by')}</legend>
          <label className="points-search__choice">
            <input type="radio" value="pnr" {...form.register('searchBy')} />
            {text('points.searchByPnr', 'PNR')}
          </label>
          <label className="points-search__choice">
            <input type="radio" value="date" {...form.register('searchBy')} />
            {text('points.searchByDate', 'Booking date range')}
          </label>
        </fieldset>
        <div className="points-search__fields">
          {searchBy === 'date' ? (
            <>
              <DateField
                form={form}
                name="fromDate"
                label={text('points.fromDate', 'From')}
                pickerTitle={text('points.chooseFromDate', 'Choose the start date')}
              />
              <DateField
                form={form}
                name="toDate"
                label={text('points.toDate', 'To')}
                pickerTitle={text('points.chooseToDate', 'Choose the end date')}
              />
            </>
          ) : (
            <Field
              form={form}
              name="pnrSearch"
              label={text('points.pnr', 'Record locator (PNR)')}
              input={{ autoCapitalize: 'characters', maxLength: 8, dir: 'ltr' }}
            />
          )}
        </div>
        <label className="points-search__choice">
          <input type="checkbox" {...form.register('details')} />
          {text('points.details', 'Show segments')}
        </label>
        {otherMessages.length > 0 ? (
          <ul className="alert alert--danger points-search__alert" role="alert">
            {otherMessages.map((line, index) => (
              <li key={`${index}-${line}`}>{message(line)}</li>
            ))}
          </ul>
        ) : null}
        <div>
          <button type="submit" className="button">
            {text('points.search', 'Search')}
          </button>
        </div>
      </form>
    </section>
  );
}
