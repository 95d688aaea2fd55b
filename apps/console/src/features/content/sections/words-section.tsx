import { useId, useState } from 'react';
import { ContentKeySchema, ContentWordBodySchema } from '@club/contract/staff-content';
import type { z } from 'zod';
import { Field, TextField } from '../../../lib/ui/field';
import { PublishState } from '../publish-state';
import { useChange } from '../use-change';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { dirOf, type SectionProps } from './section-props';

/** At most this many matches are listed; the filter narrows them. */
const shown = 30;

const WordSchema = ContentWordBodySchema.extend({ key: ContentKeySchema });

/**
 * Dictionary words or texts by key: a filter over keys and values, and a
 * form for the chosen one (or a new key).
 */
export function WordsSection({
  kind,
  country,
  content,
  canEdit,
}: SectionProps & { kind: 'dictionary' | 'texts' }) {
  const words = kind === 'dictionary' ? content.dictionary : content.texts;
  const title = kind === 'dictionary' ? 'Dictionary' : 'Texts';
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ key: string; value: string } | null>(null);
  const change = useChange(country.code);
  // A wording typed and not yet published (the published one comes back with the content).
  useUnsavedChanges(editing !== null && editing.value !== (words[editing.key] ?? ''));
  const formTitle = useId();
  const needle = filter.trim().toLowerCase();
  const matches = Object.entries(words).filter(
    ([key, value]) =>
      needle === '' || key.toLowerCase().includes(needle) || value.toLowerCase().includes(needle),
  );
  return (
    <>
      <h2>{title}</h2>
      <div role="search">
        <TextField
          label={`Find ${kind === 'dictionary' ? 'words' : 'texts'} by key or wording`}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <div className="table-scroll">
        <table>
          <caption>
            {matches.length > shown
              ? `${shown} of ${matches.length} matches; narrow the filter to see others`
              : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Wording</th>
              <th scope="col">{canEdit ? 'Edit' : 'Open'}</th>
            </tr>
          </thead>
          <tbody>
            {matches.slice(0, shown).map(([key, value]) => (
              <tr key={key}>
                <th scope="row" dir="ltr">
                  {key}
                </th>
                <td dir={dirOf(content.isRtl)}>{value}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setEditing({ key, value })}
                  >
                    {canEdit ? 'Edit' : 'Open'}
                    <span className="visually-hidden"> {key}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canEdit && editing === null && (
        <button
          type="button"
          className="secondary"
          onClick={() => setEditing({ key: '', value: '' })}
        >
          Add a {kind === 'dictionary' ? 'word' : 'text'}
        </button>
      )}
      {editing !== null && (
        <form
          aria-labelledby={formTitle}
          onSubmit={(event) => {
            event.preventDefault();
            void change.send(WordSchema, editing, ({ key, value }) => ({
              method: 'PUT',
              path: `${content.countryCode}/${content.languageCode}/${kind}/${encodeURIComponent(key)}`,
              body: { value } satisfies z.input<typeof ContentWordBodySchema>,
            }));
          }}
        >
          <h3 id={formTitle}>{editing.key === '' ? 'New key' : editing.key}</h3>
          <fieldset disabled={!canEdit}>
            <legend className="visually-hidden">{editing.key || 'New key'}</legend>
            <TextField
              label="Key"
              value={editing.key}
              dir="ltr"
              error={change.fieldErrors.key}
              onChange={(event) => setEditing({ ...editing, key: event.target.value })}
            />
            <Field
              label={kind === 'texts' ? 'Text (HTML)' : 'Wording'}
              error={change.fieldErrors.value}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={kind === 'texts' ? 8 : 2}
                  dir={dirOf(content.isRtl)}
                  value={editing.value}
                  onChange={(event) => setEditing({ ...editing, value: event.target.value })}
                />
              )}
            </Field>
          </fieldset>
          {canEdit && <button type="submit">Publish</button>}{' '}
          <button type="button" className="secondary" onClick={() => setEditing(null)}>
            Close
          </button>
        </form>
      )}
      <PublishState {...change} />
    </>
  );
}
