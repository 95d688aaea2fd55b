import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import {
  alertShowsAt,
  alertTypes,
  CountryAlertBodySchema,
  type AlertType,
} from '@club/contract/staff-content';
import { formatMoment } from '../../../lib/english-format';
import { Dialog } from '../../../lib/ui/dialog';
import { Field, TextField } from '../../../lib/ui/field';
import { languageContentQuery } from '../content-api';
import { PublishState } from '../publish-state';
import { SafeHtml } from '../safe-html';
import { useChange } from '../use-change';
import { useEdits } from '../../../lib/unsaved-changes';
import { dirOf, type SectionProps } from './section-props';
import { languageName } from '../../../lib/names';

/** A language by its English name, with its own when that differs: "German (Deutsch)". */
const titled = (code: string, nativeTitle: string) => {
  const name = languageName(code);
  return name === nativeTitle ? name : `${name} (${nativeTitle})`;
};

type AlertForm = {
  hash: string;
  type: AlertType;
  texts: Record<string, string>;
  /** The window as the form's fields hold it: `2026-12-01T06:00` in UTC, or empty. */
  startsAt: string;
  endsAt: string;
};

/** An alert as the table lists it: its window as ISO moments, or null. */
type ListedAlert = {
  hash: string;
  type: AlertType;
  texts: Record<string, string>;
  startsAt: string | null;
  endsAt: string | null;
};

/** A moment in a UTC date-time field: `2026-12-01T06:00`. */
const fieldOfMoment = (iso: string | null) =>
  iso === null ? '' : new Date(iso).toISOString().slice(0, 16);

/** A UTC date-time field's value as the call's moment, or null when empty. */
const momentOfField = (value: string) => (value === '' ? null : `${value}:00Z`);

/** When the alert shows, in words: "Showing until 5 Dec 2026, 18:00 UTC", "Starts …", "Ended …". */
function windowText(alert: ListedAlert, now: number): string {
  if (alert.endsAt !== null && Date.parse(alert.endsAt) <= now) {
    return `Ended ${formatMoment(alert.endsAt)}`;
  }
  if (!alertShowsAt(alert, now)) {
    return alert.endsAt === null
      ? `Starts ${formatMoment(alert.startsAt!)}`
      : `Starts ${formatMoment(alert.startsAt!)}, ends ${formatMoment(alert.endsAt)}`;
  }
  return alert.endsAt === null
    ? 'Showing until taken down'
    : `Showing until ${formatMoment(alert.endsAt)}`;
}

const typeNames: Record<AlertType, string> = {
  warning: 'Warning',
  info: 'Information',
  success: 'Success',
  danger: 'Danger',
};

/**
 * Header alerts, published in every language of the country at once: one
 * form with a text per language, saved together; an alert with the same id
 * is replaced where it stands.
 */
export function AlertsSection({ country, canEdit }: SectionProps) {
  const languages = useQueries({
    queries: country.languages.map((language) => languageContentQuery(country.code, language.code)),
  });
  const empty = (): AlertForm => ({
    hash: '',
    type: 'warning',
    texts: Object.fromEntries(country.languages.map((language) => [language.code, ''])),
    startsAt: '',
    endsAt: '',
  });
  const [form, setForm] = useState<AlertForm>(empty);
  // Typed and not yet published: leaving asks first (an alert opened to edit, as it is, is not).
  const edits = useEdits(form, form);
  const [takingDown, setTakingDown] = useState<ListedAlert | null>(null);
  const [keptText, setKeptText] = useState<string | null>(null);
  const change = useChange(country.code);
  const fill = (next: AlertForm) => {
    setForm(next);
    edits.savedAs(next);
  };
  const edit = (alert: ListedAlert) =>
    fill({
      ...empty(),
      hash: alert.hash,
      type: alert.type,
      texts: { ...empty().texts, ...alert.texts },
      startsAt: fieldOfMoment(alert.startsAt),
      endsAt: fieldOfMoment(alert.endsAt),
    });
  // When the alerts were read: their window is told against it (a refetch after a change moves it).
  const now = Math.max(0, ...languages.map((query) => query.dataUpdatedAt));

  /** Takes the alert down everywhere, and keeps its text in the form to publish again. */
  const takeDown = async (alert: ListedAlert) => {
    setKeptText(null);
    const done = await change.publishChange({
      method: 'DELETE',
      path: `${country.code}/alerts/${encodeURIComponent(alert.hash)}`,
    });
    setTakingDown(null);
    if (done) {
      edit(alert);
      setKeptText(
        `Alert ${alert.hash} is taken down. Its text is kept in the form below, to publish again.`,
      );
    }
  };

  // Every alert of the country by id, with its text per language.
  const alerts = new Map<string, ListedAlert>();
  languages.forEach((query, index) => {
    const languageCode = country.languages[index]!.code;
    for (const alert of query.data?.headerAlerts ?? []) {
      const entry = alerts.get(alert.hash) ?? {
        hash: alert.hash,
        type: alert.type,
        texts: {},
        startsAt: alert.startsAt ?? null,
        endsAt: alert.endsAt ?? null,
      };
      entry.texts[languageCode] = alert.text;
      alerts.set(alert.hash, entry);
    }
  });

  return (
    <>
      <h2>Alerts</h2>
      <table>
        <caption>Alerts of {country.name}, in every language</caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Type</th>
            <th scope="col">Shown</th>
            {country.languages.map((language) => (
              <th scope="col" key={language.code}>
                {language.nativeTitle}
              </th>
            ))}
            {canEdit && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {[...alerts.values()].map((alert) => (
            <tr key={alert.hash}>
              <th scope="row" dir="ltr">
                {alert.hash}
              </th>
              <td>{typeNames[alert.type]}</td>
              <td>{windowText(alert, now)}</td>
              {country.languages.map((language) => (
                <td key={language.code} dir={dirOf(language.isRtl)}>
                  {alert.texts[language.code] === undefined ? (
                    <em>none</em>
                  ) : (
                    <SafeHtml html={alert.texts[language.code]!} />
                  )}
                </td>
              ))}
              {canEdit && (
                <td>
                  <button type="button" className="secondary" onClick={() => edit(alert)}>
                    Edit<span className="visually-hidden"> alert {alert.hash}</span>
                  </button>{' '}
                  <button type="button" className="danger" onClick={() => setTakingDown(alert)}>
                    Take down<span className="visually-hidden"> alert {alert.hash}</span>
                  </button>
                </td>
              )}
            </tr>
          ))}
          {alerts.size === 0 && (
            <tr>
              <td colSpan={4 + country.languages.length}>No alerts.</td>
            </tr>
          )}
        </tbody>
      </table>
      {canEdit && (
        <form
          aria-labelledby="alert-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            const body = {
              hash: form.hash,
              type: form.type,
              texts: form.texts,
              startsAt: momentOfField(form.startsAt),
              endsAt: momentOfField(form.endsAt),
            };
            void change
              .send(CountryAlertBodySchema, body, (body) => ({
                method: 'POST',
                path: `${country.code}/alerts`,
                body,
              }))
              .then((published) => published && fill(empty()));
          }}
        >
          <h3 id="alert-form-title">Publish an alert in every language</h3>
          <TextField
            label="Id (letters, digits and dashes, e.g. at-2026-maintenance)"
            value={form.hash}
            dir="ltr"
            error={change.fieldErrors.hash}
            onChange={(event) => setForm({ ...form, hash: event.target.value })}
          />
          <Field label="Type" error={change.fieldErrors.type}>
            {(control) => (
              <select
                {...control}
                value={form.type}
                onChange={(event) => setForm({ ...form, type: event.target.value as AlertType })}
              >
                {alertTypes.map((type) => (
                  <option key={type} value={type}>
                    {typeNames[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset>
            <legend>
              When members and guests see it (UTC; empty: from now on, until taken down)
            </legend>
            <TextField
              label="Starts (UTC)"
              type="datetime-local"
              value={form.startsAt}
              error={change.fieldErrors.startsAt}
              onChange={(event) => setForm({ ...form, startsAt: event.target.value })}
            />
            <TextField
              label="Ends (UTC)"
              type="datetime-local"
              value={form.endsAt}
              error={change.fieldErrors.endsAt}
              onChange={(event) => setForm({ ...form, endsAt: event.target.value })}
            />
          </fieldset>
          {country.languages.map((language) => (
            <Field
              key={language.code}
              label={`Text in ${titled(language.code, language.nativeTitle)}, HTML`}
              error={change.fieldErrors[`texts.${language.code}`]}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  dir={dirOf(language.isRtl)}

                  value={form.texts[language.code] ?? ''}
                  onChange={(event) =>
                    setForm({
                      ...form,
                      texts: { ...form.texts, [language.code]: event.target.value },
                    })
                  }
                />
              )}
            </Field>
          ))}
          <button type="submit">Publish in every language</button>
        </form>
      )}
      {keptText !== null && (
        <p role="status" className="success">
          {keptText}
        </p>
      )}
      <PublishState {...change} />
      <Dialog
        title={`Take down alert ${takingDown?.hash ?? ''}?`}
        open={takingDown !== null}
        onClose={() => setTakingDown(null)}
      >
        <p>
          Members and guests stop seeing it in every language of {country.name} at once. Its text
          stays in the form on this page, to publish again.
        </p>
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            onClick={() => takingDown !== null && void takeDown(takingDown)}
          >
            Take down
          </button>
          <button type="button" className="secondary" onClick={() => setTakingDown(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </>
  );
}
