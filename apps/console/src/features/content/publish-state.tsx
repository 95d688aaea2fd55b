import type { FieldErrors } from './form-errors';

/**
 * Where a section says how its last change went: "Published" (the site shows
 * it within a second) or why not. A live region, so screen readers hear it.
 */
export function PublishState({
  state,
  formError,
  fieldErrors,
}: {
  state: 'idle' | 'pending' | 'success' | 'error';
  formError?: string | undefined;
  fieldErrors?: FieldErrors;
}) {
  const count = Object.keys(fieldErrors ?? {}).length;
  return (
    <div role="status" aria-live="polite" className="publish-state">
      {state === 'pending' && <p>Publishing…</p>}
      {state === 'success' && (
        <p className="success">Published. The site shows it within a second.</p>
      )}
      {formError !== undefined && <p className="form-error">{formError}</p>}
      {formError === undefined && count > 0 && (
        <p className="form-error">
          Not published: {count === 1 ? 'a field needs' : `${count} fields need`} your attention.
        </p>
      )}
    </div>
  );
}
