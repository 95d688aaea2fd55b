/**
 * The member view's actions (resend the confirmation mail, unlock logins, end
 * sessions, direct access, terms, delete or restore, data export). Filled by
 * the member-actions work of issue 18; the member view renders it.
 */
export function MemberActions(_props: { number: string; onChanged: () => void }) {
  return null;
}
