import type { MouseEvent } from 'react';
import { Link } from '../../shared/navigation/link';
import { useLayout } from '../../shared/layout-context';
import { LeftToRight } from '../../shared/left-to-right';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { ChevronIcon, PersonIcon } from './icons';
import { memberOnlyItems } from './menu-audience';
import { dispatchLogout, dispatchOpenGifts } from './shell-events';
import { useDisclosure } from './use-disclosure';
import './account-menu.css';

/** Who the account menu belongs to: what its button shows. */
export type AccountMember = { firstName: string; number: string };

/** Pages of the account menu with a place of their own in it; other member items follow them. */
const ownPages: ReadonlySet<string> = new Set(['profile-update', 'points', 'gifts']);

/**
 * The member's account menu in the header (issue 17): a disclosure button
 * with their first name and member number, opening their profile ("Update
 * Details"), points, gifts, the content's other member items and "Log Out".
 * Escape closes it and returns focus to the button; so does a press outside
 * it or focus leaving it (without moving focus).
 */
export function AccountMenu({ member, pageName }: { member: AccountMember; pageName: string }) {
  const layout = useLayout();
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const { open, setOpen, panelId, rootProps, buttonProps } = useDisclosure();

  const close = () => setOpen(false);
  const memberItems = memberOnlyItems(layout.menuItems);
  const profileTitle =
    memberItems.find((item) => item.pageName === 'profile-update')?.title ??
    text('menu.profile', 'Update Details');
  const giftsPath = pagePath(layout, 'gifts');
  const openGifts = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    close();
    dispatchOpenGifts(giftsPath);
  };
  const link = (
    page: string,
    title: string,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => void = close,
  ) => (
    <li key={page}>
      <Link
        to={pagePath(layout, page)}
        className="account-menu__link"
        aria-current={page === pageName ? 'page' : undefined}
        onClick={onClick}
      >
        {title}
      </Link>
    </li>
  );

  return (
    <div className="account-menu" {...rootProps}>
      <button className="account-menu__button" {...buttonProps}>
        <PersonIcon />
        <span className="account-menu__who">
          <span className="account-menu__name">{member.firstName}</span>
          <span className="account-menu__number">
            <span className="visually-hidden">{text('menu.memberNumber', 'Member number')}: </span>
            <LeftToRight>{member.number}</LeftToRight>
          </span>
        </span>
        <ChevronIcon className="icon account-menu__chevron" />
      </button>
      <nav
        id={panelId}
        className="account-menu__panel"
        aria-label={text('menu.account', 'Your account')}
        hidden={!open}
      >
        <ul className="account-menu__list">
          {link('profile-update', profileTitle)}
          {link('points', text('menu.points', 'Status Points'))}
          {link('gifts', text('menu.gifts', 'List of Gifts'), openGifts)}
          {memberItems
            .filter((item) => !ownPages.has(item.pageName))
            .map((item) => link(item.pageName, item.title))}
          <li>
            <button
              type="button"
              className="account-menu__link"
              onClick={() => {
                close();
                dispatchLogout();
              }}
            >
              {text('menu.logout', 'Log Out')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
