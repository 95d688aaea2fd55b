import { useState } from 'react';
import type {
  StaffAccount,
  StaffAccountListItem,
  StaffAccountState,
  StaffSetupLink,
} from '@club/contract/staff-accounts';
import { Link } from 'react-router';
import { queryString, StaffApiError } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { useStaff } from '../../lib/staff-session';
import { Dialog } from '../../lib/ui/dialog';
import { AddAccountForm } from './add-account-form';
import { ChangeAccountDialog } from './change-account-dialog';
import { SetupLinkNotice } from './setup-link-notice';
import {
  useClearLoginBackoff,
  useNewSetupLink,
  useSetDisabled,
  useStaffAccounts,
} from './staff-accounts-api';
import './staff-accounts.css';
import { formatMoment } from '../../lib/english-format';

const stateNames: Record<StaffAccountState, string> = {
  'set-up': 'Set up',
  'waiting-for-setup': 'Waiting for setup',
  disabled: 'Disabled',
};

/** An account's failed logins in the current window, and how long its login is held back. */
function loginsOf(account: StaffAccountListItem): string {
  if (account.failedLogins === 0 && account.loginBlockedUntil === null) return 'No failures';
  const failed = `${account.failedLogins} failed`;
  return account.loginBlockedUntil === null
    ? failed
    : `${failed}, held back until ${formatMoment(account.loginBlockedUntil)}`;
}

/** The refusal of a change, in the server's words when it gave some. */
function refusalOf(error: unknown): string {
  if (error instanceof StaffApiError) {
    for (const field of ['account', 'role', 'countries']) {
      const message = error.fieldMessage(field);
      if (message !== undefined) return message;
    }
  }
  return 'That did not work. Try again.';
}

/** Admins' Staff area: every account, adding one, and changing, disabling or resetting one. */
export default function StaffAccountsScreen() {
  usePageTitle('Staff');
  const me = useStaff();
  const accounts = useStaffAccounts();
  const setDisabled = useSetDisabled();
  const newLink = useNewSetupLink();
  const clearBackoff = useClearLoginBackoff();
  const [cleared, setCleared] = useState<string | null>(null);
  const [handOver, setHandOver] = useState<{
    email: string;
    link: StaffSetupLink;
    mailedTo?: string;
  } | null>(null);
  const [changing, setChanging] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const clear = (account: StaffAccountListItem) => {
    setRefusal(null);
    setCleared(null);
    clearBackoff.mutate(account.id, {
      onSuccess: () =>
        setCleared(
          `The failed logins of ${account.email} are cleared: its next login is not held back.`,
        ),
      onError: (error) => setRefusal(refusalOf(error)),
    });
  };
  const toggle = (account: StaffAccount) => {
    setRefusal(null);
    setDisabled.mutate(
      { id: account.id, disabled: account.state !== 'disabled' },
      { onError: (error) => setRefusal(refusalOf(error)), onSettled: () => setDisabling(null) },
    );
  };
  const reset = (account: StaffAccount) => {
    setRefusal(null);
    newLink.mutate(account.id, {
      onSuccess: ({ account: changed, ...link }) => setHandOver({ email: changed.email, link }),
      onError: (error) => setRefusal(refusalOf(error)),
      onSettled: () => setResetting(null),
    });
  };

  return (
    <>
      <h1>Staff</h1>
      {handOver !== null && (
        <SetupLinkNotice
          email={handOver.email}
          link={handOver.link}
          mailedTo={handOver.mailedTo}
          onDismiss={() => setHandOver(null)}
        />
      )}
      <AddAccountForm
        onAdded={({ account, mailedTo, ...link }) =>
          setHandOver({ email: account.email, link, mailedTo })
        }
      />
      {refusal !== null && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
      {cleared !== null && (
        <p role="status" className="success">
          {cleared}
        </p>
      )}
      {accounts.isError ? (
        <p role="alert" className="form-error">
          The staff accounts could not be loaded.
        </p>
      ) : accounts.data === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-accounts">
            <caption>Staff accounts</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Countries</th>
                <th scope="col">State</th>
                <th scope="col">Logins</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.items.map((account) => {
                const self = account.email === me.email;
                return (
                  <tr key={account.id}>
                    <th scope="row">
                      {account.email}
                      {self && <span className="hint"> (you)</span>}
                    </th>
                    <td>{account.role}</td>
                    <td>
                      {account.role === 'admin'
                        ? 'Every country'
                        : account.countries.join(', ').toUpperCase()}
                    </td>
                    <td>{stateNames[account.state]}</td>
                    <td>
                      <span>{loginsOf(account)}</span>{' '}
                      <Link
                        to={`/audit${queryString({ targetType: 'staff', target: account.email })}`}
                      >
                        Audit trail<span className="visually-hidden"> of {account.email}</span>
                      </Link>
                    </td>
                    <td>{formatMoment(account.createdAt)}</td>
                    <td className="row-actions">
                      {(account.failedLogins > 0 || account.loginBlockedUntil !== null) && (
                        <button
                          type="button"
                          className="secondary"
                          disabled={clearBackoff.isPending}
                          onClick={() => clear(account)}
                        >
                          Clear failed logins
                          <span className="visually-hidden"> of {account.email}</span>
                        </button>
                      )}
                      {!self && (
                        <>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setChanging(account)}
                          >
                            Change<span className="visually-hidden"> {account.email}</span>
                          </button>
                          <button
                            type="button"
                            className={account.state === 'disabled' ? 'secondary' : 'danger'}
                            // Enabling gives nothing away; disabling ends sessions, so it asks first.
                            onClick={() =>
                              account.state === 'disabled' ? toggle(account) : setDisabling(account)
                            }
                          >
                            {account.state === 'disabled' ? 'Enable' : 'Disable'}
                            <span className="visually-hidden"> {account.email}</span>
                          </button>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setResetting(account)}
                          >
                            New setup link
                            <span className="visually-hidden"> for {account.email}</span>
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ChangeAccountDialog account={changing} onClose={() => setChanging(null)} />
      <Dialog
        title={`New setup link for ${resetting?.email ?? ''}`}
        open={resetting !== null}
        onClose={() => setResetting(null)}
      >
        <p>
          For a lost phone or password: the account’s password and code are cleared and its sessions
          end. Only the new link brings it back.
        </p>
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={newLink.isPending}
            aria-busy={newLink.isPending}
            onClick={() => resetting !== null && reset(resetting)}
          >
            Clear and make a new link
          </button>
          <button type="button" className="secondary" onClick={() => setResetting(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
      <Dialog
        title={`Disable ${disabling?.email ?? ''}?`}
        open={disabling !== null}
        onClose={() => setDisabling(null)}
      >
        <p>
          The account cannot log in, its sessions end at once and its unused setup link stops
          working. Enabling it again later does not bring the link back.
        </p>
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={setDisabled.isPending}
            aria-busy={setDisabled.isPending}
            onClick={() => disabling !== null && toggle(disabling)}
          >
            Disable the account
          </button>
          <button type="button" className="secondary" onClick={() => setDisabling(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </>
  );
}
