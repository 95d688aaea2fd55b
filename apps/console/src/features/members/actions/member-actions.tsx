import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasRole, useStaff } from '../../../lib/staff-session';
import { ActionDialog } from './action-dialog';
import { memberActions, type MemberAction } from './member-action-list';
import {
  downloadMemberExport,
  memberActionStateQuery,
  runMemberAction,
} from './member-actions-api';
import './member-actions.css';

type MemberActionsProps = { number: string; onChanged: () => void };

/**
 * The member view's actions (resend the confirmation mail, unlock logins, end
 * sessions, direct access, terms, delete or restore, data export): each a
 * button that opens a dialog to confirm, shown only where it applies, and
 * only to admins and managers (support reads).
 */
export function MemberActions({ number, onChanged }: MemberActionsProps) {
  const staff = useStaff();
  if (!hasRole(staff, ['admin', 'manager'])) return null;
  return <MemberActionsPanel number={number} onChanged={onChanged} />;
}

function MemberActionsPanel({ number, onChanged }: MemberActionsProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const state = useQuery(memberActionStateQuery(number));
  const [open, setOpen] = useState<MemberAction | null>(null);
  const [done, setDone] = useState<string>('');

  const confirm = async (action: MemberAction, reason: string | null) => {
    if (action.path === undefined) {
      await downloadMemberExport(number);
    } else {
      const after = await runMemberAction(number, action.path, {
        ...action.values,
        reason: reason ?? undefined,
      });
      queryClient.setQueryData(memberActionStateQuery(number).queryKey, after);
      onChanged();
    }
    setOpen(null);
    setDone(action.done);
  };

  const applying =
    state.data === undefined ? [] : memberActions.filter((action) => action.applies(state.data));
  return (
    <section className="member-actions" aria-labelledby={headingId} aria-busy={state.isPending}>
      <h2 id={headingId}>Account actions</h2>
      {state.isPending && <p role="status">Loading…</p>}
      {state.isError && (
        <p className="form-error" role="alert">
          The account actions could not be loaded.
        </p>
      )}
      {applying.length > 0 && (
        <ul className="member-action-list">
          {applying.map((action) => (
            <li key={action.key}>
              <button
                type="button"
                className={action.danger === true ? 'danger' : 'secondary'}
                aria-haspopup="dialog"
                onClick={() => {
                  setDone('');
                  setOpen(action);
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="member-action-result" role="status" aria-live="polite">
        {done !== '' && <p className="success">{done}</p>}
      </div>
      <ActionDialog
        action={open}
        number={number}
        onClose={() => setOpen(null)}
        onConfirm={confirm}
      />
    </section>
  );
}
