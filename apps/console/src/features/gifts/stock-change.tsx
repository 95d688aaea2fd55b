import { formText } from '../../lib/form-text';
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GiftStockChangeSchema, type StaffGiftDetail } from '@club/contract/staff-gifts';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { Dialog } from '../../lib/ui/dialog';
import { giftQuery } from './gifts-api';
import { formatMoment } from '../../lib/english-format';

/** The gift's stock, the "Change stock" dialog (with a reason) and the history of its changes. */
export function StockChange({ gift, mayEdit }: { gift: StaffGiftDetail; mayEdit: boolean }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const change = useMutation({
    mutationFn: (values: { stock: string; reason: string }) =>
      staffCall<StaffGiftDetail>('POST', `/s2c/staff/v1/gifts/${gift.id}/stock`, values),
    onSuccess: (answer) => {
      client.setQueryData(giftQuery(String(gift.id)).queryKey, answer);
      void client.invalidateQueries({ queryKey: ['gifts', 'catalogue'] });
      setOpen(false);
      setDone(true);
    },
    onError: (failure) =>
      setErrors({
        reason:
          failure instanceof StaffApiError
            ? (failure.fieldMessage('reason') ??
              failure.fieldMessage('stock') ??
              'The change failed.')
            : 'The change failed.',
      }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      stock: formText(form, 'stock'),
      reason: formText(form, 'reason'),
    };
    const checked = GiftStockChangeSchema.safeParse(values);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    change.mutate(values);
  };
  return (
    <section aria-labelledby="stock-title">
      <h2 id="stock-title">Stock</h2>
      <p>
        Items left: <strong>{gift.stock ?? 'not counted'}</strong>
      </p>
      {done && (
        <p role="status" className="success">
          The stock is changed.
        </p>
      )}
      {mayEdit && (
        <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog">
          Change stock
        </button>
      )}
      <Dialog
        title={`Change the stock of gift ${gift.id}`}
        open={open}
        onClose={() => setOpen(false)}
      >
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="stock-value">New stock</label>
            <input
              id="stock-value"
              name="stock"
              inputMode="numeric"
              defaultValue={gift.stock ?? ''}
              aria-invalid={errors.stock ? true : undefined}
              aria-describedby={
                errors.stock ? 'stock-value-hint stock-value-error' : 'stock-value-hint'
              }
            />
            <p id="stock-value-hint" className="hint">
              Empty for a gift that is not counted
            </p>
            {errors.stock && (
              <p id="stock-value-error" className="field-error">
                {errors.stock}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="stock-reason">Reason</label>
            <input
              id="stock-reason"
              name="reason"
              required
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? 'stock-reason-error' : undefined}
            />
            {errors.reason && (
              <p id="stock-reason-error" className="field-error">
                {errors.reason}
              </p>
            )}
          </div>
          <div className="toolbar">
            <button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
              Change the stock
            </button>
            <button type="button" className="secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
      <div className="table-scroll">
        <table>
          <caption>Stock history, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {gift.stockHistory.length === 0 && (
              <tr>
                <td colSpan={5}>No stock change yet.</td>
              </tr>
            )}
            {gift.stockHistory.map((entry, index) => (
              <tr key={index}>
                <td>{formatMoment(entry.at)}</td>
                <td>{entry.staff}</td>
                <td>{entry.before ?? 'not counted'}</td>
                <td>{entry.after ?? 'not counted'}</td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
