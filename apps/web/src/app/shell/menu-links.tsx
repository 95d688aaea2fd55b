import { Link } from '../../shared/navigation/link';
import type { MenuItem } from '@club/contract/layout';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { dispatchLogout } from './shell-events';

type MenuLinksProps = {
  pageName: string;
  /** Called after a link or action was used (the mobile menu closes). */
  onNavigate?: () => void;
  linkClassName: string;
};

/**
 * `<li>` items of the layout menu (spec 1 §2) plus "Contact Us" when an email
 * is set. `items`: the layout's items this visitor sees here (menu-audience.ts).
 */
export function MenuItemLinks({
  pageName,
  onNavigate,
  linkClassName,
  items,
}: MenuLinksProps & { items: readonly MenuItem[] }) {
  const layout = useLayout();
  return (
    <>
      {items.map((item) => (
        <li key={item.pageName}>
          <Link
            to={pagePath(layout, item.pageName)}
            className={linkClassName}
            aria-current={item.pageName === pageName ? 'page' : undefined}
            onClick={onNavigate}
          >
            {item.title}
          </Link>
        </li>
      ))}
      {layout.contactUsEmail ? (
        <li>
          <a href={`mailto:${layout.contactUsEmail}`} className={linkClassName}>
            {dictionaryText(layout.dictionary, 'menu.contactUs', 'Contact Us')}
          </a>
        </li>
      ) : null}
    </>
  );
}

type AccountActionProps = MenuLinksProps & { registered: boolean };

/** "Login" for guests, "Log Out" (an action, so a button) for members. */
export function AccountAction({
  pageName,
  registered,
  onNavigate,
  linkClassName,
}: AccountActionProps) {
  const layout = useLayout();
  if (registered) {
    return (
      <button
        type="button"
        className={linkClassName}
        onClick={() => {
          onNavigate?.();
          dispatchLogout();
        }}
      >
        {dictionaryText(layout.dictionary, 'menu.logout', 'Log Out')}
      </button>
    );
  }
  return (
    <Link
      to={pagePath(layout, 'login')}
      className={linkClassName}
      aria-current={pageName === 'login' ? 'page' : undefined}
      onClick={onNavigate}
    >
      {dictionaryText(layout.dictionary, 'menu.login', 'Login')}
    </Link>
  );
}
