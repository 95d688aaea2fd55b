import { useState } from 'react';
import { MailTemplateBodySchema, type StaffMailTemplate } from '@club/contract/staff-content';
import { Field, TextField } from '../../../lib/ui/field';
import { PublishState } from '../publish-state';
import { useChange } from '../use-change';
import { sendTestMail } from '../content-api';
import { errorsOf, type FieldErrors } from '../form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { dirOf, type SectionProps } from './section-props';

/** The club's mails: subject, plain text and HTML, with the placeholders each may use. */
export function MailSection(props: SectionProps) {
  const templates = props.content.mailTemplates;
  const [name, setName] = useState(templates[0]?.template ?? '');
  const template = templates.find((candidate) => candidate.template === name);
  return (
    <>
      <h2>Mail templates</h2>
      <Field label="Mail">
        {(control) => (
          <select {...control} value={name} onChange={(event) => setName(event.target.value)}>
            {templates.map((candidate) => (
              <option key={candidate.template} value={candidate.template}>
                {candidate.template}
              </option>
            ))}
          </select>
        )}
      </Field>
      {template !== undefined && <MailForm key={name} template={template} {...props} />}
    </>
  );
}

function MailForm({
  template,
  country,
  content,
  canEdit,
}: SectionProps & { template: StaffMailTemplate }) {
  const [form, setForm] = useState({
    subject: template.subject,
    text: template.text,
    html: template.html,
  });
  const change = useChange(country.code);
  // Typed and not yet published: the form differs from the stored template (which a publish refreshes).
  useUnsavedChanges(
    form.subject !== template.subject || form.text !== template.text || form.html !== template.html,
  );
  // Once published, the form shows the template as it was kept (what a mail may not carry
  // removed): a new stored version replaces the form's values while rendering.
  const stored = `${template.subject}\u0000${template.text}\u0000${template.html}`;
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setForm({ subject: template.subject, text: template.text, html: template.html });
  }
  const removed =
    change.state === 'success' && change.answer !== undefined && 'removed' in change.answer
      ? change.answer.removed
      : [];
  // The test mail: as typed, to the staff member; its refusals land on the fields like a publish's.
  const [test, setTest] = useState<{
    state: 'idle' | 'pending' | 'sent' | 'error';
    message?: string;
    fields?: FieldErrors;
  }>({ state: 'idle' });
  const fieldError = (field: 'subject' | 'text' | 'html') =>
    change.fieldErrors[field] ?? test.fields?.[field];
  const sendTest = async () => {
    setTest({ state: 'pending' });
    try {
      const sent = await sendTestMail(
        content.countryCode,
        content.languageCode,
        template.template,
        form,
      );
      setTest({
        state: 'sent',
        message: `A test mail of this template as typed, with sample values, is on its way to ${sent.sentTo}.`,
      });
    } catch (error) {
      const problems = errorsOf(error);
      setTest({
        state: 'error',
        fields: problems.fields,
        message: problems.form ?? 'The test mail was not sent: see the fields above.',
      });
    }
  };
  const dir = dirOf(content.isRtl);
  const placeholders = template.placeholders.map((name) => `{{${name}}}`).join(', ');
  return (
    <form
      aria-label={`Mail ${template.template}`}
      onSubmit={(event) => {
        event.preventDefault();
        void change.send(MailTemplateBodySchema, form, (body) => ({
          method: 'PUT',
          path: `${content.countryCode}/${content.languageCode}/mail-templates/${template.template}`,
          body,
        }));
      }}
    >
      <fieldset disabled={!canEdit}>
        <legend>Mail {template.template}</legend>
        <p className="hint">
          Placeholders: {placeholders}.
          {template.links.length > 0 &&
            ` The text must carry ${template.links.map((link) => `{{${link}}}`).join(', ')} and the HTML must link it as <a href="{{${template.links[0]}}}">.`}{' '}
          The HTML keeps simple mail markup only: links to the club’s own sites or a link
          placeholder, images from the club’s /media/; scripts, forms, frames, styles and other
          sites’ links and images are removed when you publish.
        </p>
        <TextField
          label="Subject"
          value={form.subject}
          dir={dir}
          error={fieldError('subject')}
          onChange={(event) => setForm({ ...form, subject: event.target.value })}
        />
        {(['text', 'html'] as const).map((field) => (
          <Field
            key={field}
            label={field === 'text' ? 'Plain text' : 'HTML'}
            error={fieldError(field)}
          >
            {(control) => (
              <textarea
                {...control}
                rows={8}
                dir={dir}
                value={form[field]}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {canEdit && (
        <div className="toolbar">
          <button type="submit">Publish the mail</button>
          <button
            type="button"
            className="secondary"
            disabled={test.state === 'pending'}
            onClick={() => void sendTest()}
          >
            Send me a test mail
          </button>
        </div>
      )}
      <PublishState {...change} />
      <p role="status" className={test.state === 'error' ? 'form-error' : 'success'}>
        {test.state === 'sent' || test.state === 'error' ? test.message : ''}
      </p>
      {removed.length > 0 && (
        <div role="status" className="removed-html">
          <p>Removed from the HTML before it was published:</p>
          <ul>
            {removed.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
