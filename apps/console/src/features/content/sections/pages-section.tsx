import { useState } from 'react';
import { PageBodySchema, type PageContent } from '@club/contract/staff-content';
import { Field, TextField } from '../../../lib/ui/field';
import { ListEditor } from '../list-editor';
import { PublishState } from '../publish-state';
import { useChange } from '../use-change';
import { useEdits } from '../../../lib/unsaved-changes';
import { dirOf, type SectionProps } from './section-props';

/** A page's title, its texts before and after the screen, and its FAQ items. */
export function PagesSection(props: SectionProps) {
  const names = Object.keys(props.content.pages).sort();
  const [name, setName] = useState(names.includes('faq') ? 'faq' : (names[0] ?? ''));
  return (
    <>
      <h2>Pages</h2>
      <Field label="Page">
        {(control) => (
          <select {...control} value={name} onChange={(event) => setName(event.target.value)}>
            {names.map((page) => (
              <option key={page} value={page}>
                {page}
              </option>
            ))}
          </select>
        )}
      </Field>
      {props.content.pages[name] !== undefined && (
        <PageForm key={name} name={name} page={props.content.pages[name]} {...props} />
      )}
    </>
  );
}

function PageForm({
  name,
  page,
  country,
  content,
  canEdit,
}: SectionProps & { name: string; page: PageContent }) {
  const [form, setForm] = useState(page);
  const edits = useEdits(form, page);
  const change = useChange(country.code);
  const dir = dirOf(content.isRtl);
  const error = (field: string) => change.fieldErrors[field];
  return (
    <form
      aria-label={`Page ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void change
          .send(PageBodySchema, form, (body) => ({
            method: 'PUT',
            path: `${content.countryCode}/${content.languageCode}/pages/${encodeURIComponent(name)}`,
            body,
          }))
          .then((published) => published && edits.savedAs(form));
      }}
    >
      <fieldset disabled={!canEdit}>
        <legend>Page {name}</legend>
        <TextField
          label="Title"
          value={form.title}
          dir={dir}
          error={error('title')}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
        />
        {(['text', 'postText'] as const).map((field) => (
          <Field
            key={field}
            label={field === 'text' ? 'Text above the page (HTML)' : 'Text below the page (HTML)'}
            hint="Empty: the site shows its own default where it has one."
            error={error(field)}
          >
            {(control) => (
              <textarea
                {...control}
                rows={6}
                dir={dir}
                value={form[field]}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <ListEditor
        caption="Questions and answers (FAQ)"
        items={form.faqItems}
        onChange={(faqItems) => setForm({ ...form, faqItems })}
        newItem={() => ({
          number: Math.max(0, ...form.faqItems.map((item) => item.number)) + 1,
          title: '',
          text: '',
        })}
        rowName={(item, index) => item.title || `question ${index + 1}`}
        disabled={!canEdit}
        addLabel="Add a question"
        renderFields={(item, index, update) => (
          <>
            <TextField
              label={`Number of question ${index + 1}`}
              type="number"
              value={item.number}
              error={error(`faqItems.${index}.number`)}
              onChange={(event) => update({ ...item, number: Number(event.target.value) })}
            />
            <TextField
              label={`Question ${index + 1}`}
              value={item.title}
              dir={dir}
              error={error(`faqItems.${index}.title`)}
              onChange={(event) => update({ ...item, title: event.target.value })}
            />
            <Field label={`Answer ${index + 1} (HTML)`} error={error(`faqItems.${index}.text`)}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  dir={dir}
                  value={item.text}
                  onChange={(event) => update({ ...item, text: event.target.value })}
                />
              )}
            </Field>
          </>
        )}
      />
      {canEdit && <button type="submit">Publish the page</button>}
      <PublishState {...change} />
    </form>
  );
}
