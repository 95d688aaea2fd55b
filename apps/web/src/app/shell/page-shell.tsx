import type { MouseEvent, ReactNode } from 'react';
import { pagesWithGreyBackground, pagesWithoutBanner } from '@club/contract/routes';
import { LayoutContext } from '../../shared/layout-context';
import type { ShellState } from '../shell-types';
import { CookieNotice } from './cookie-notice';
import { dictionaryText } from '../../lib/dictionary';
import { ErrorBanner } from './error-banner';
import { focusMain } from '../../lib/focus';
import { Footer } from './footer';
import { Header } from './header';
import { HeaderBannerSlot } from './header-banner-module';
import { LoadingOverlay } from './loading-overlay';
import { OfflineNotice } from './offline-notice';
import { ScrollToTop } from './scroll-to-top';
import { ServiceAlerts } from './service-alerts';
import { shellMode } from './shell-mode';
import './page-shell.css';

/**
 * The page shell of spec 1 §2 around every page: skip link, header (menu,
 * mobile menu, language switcher, member icons), cookie notice, header banner, service
 * alerts, error banner, `<main id="main">`, footer, loading
 * overlay and scroll-to-top. It provides `state.layout` to everything inside.
 */
export function PageShell({ state, children }: { state: ShellState; children: ReactNode }) {
  const { layout, pageName } = state;
  const mode = shellMode(state);
  const normal = mode === 'normal';
  // Direct-access members see the header variant only, under their dialog.
  const direct = mode === 'direct-access';
  // Content may make the banner small or drop it for members, so that a
  // phone's first screen shows their balance.
  const memberBanner = state.registered ? (layout.memberBanner ?? 'full') : 'full';
  const showBanner = normal && !pagesWithoutBanner.has(pageName) && memberBanner !== 'none';
  const mainClass = pagesWithGreyBackground.has(pageName)
    ? 'shell__main shell__main--grey'
    : 'shell__main';

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMain();
    document.getElementById('main')?.scrollIntoView();
  };

  return (
    <LayoutContext value={layout}>
      <div className={mode === 'without-layout' ? 'shell shell--without-layout' : 'shell'}>
        <a className="skip-link" href="#main" onClick={skipToContent}>
          {dictionaryText(layout.dictionary, 'skipToContent', 'Skip to content')}
        </a>
        {normal || direct ? (
          <Header
            pageName={pageName}
            registered={state.registered}
            member={state.member}
            directAccess={direct}
          />
        ) : null}
        {/* Under the header: in the page's flow on a phone, fixed to the window's bottom from 768 px. */}
        {direct ? null : <CookieNotice />}
        {showBanner ? <HeaderBannerSlot small={memberBanner === 'small'} /> : null}
        <main id="main" tabIndex={-1} className={mainClass} aria-busy={state.pageProgress}>
          <div className="container shell__notices">
            <OfflineNotice />
            <ServiceAlerts />
            <ErrorBanner errors={state.errors} onClose={state.cleanErrors} />
          </div>
          {direct ? null : children}
        </main>
        {normal ? <Footer pageName={pageName} /> : null}
        <ScrollToTop />
        <LoadingOverlay active={state.pageProgress} />
      </div>
    </LayoutContext>
  );
}
