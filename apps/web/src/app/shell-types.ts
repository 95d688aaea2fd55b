import type { ClientLayout } from '@club/contract/client-layout';

/**
 * What the page shell (header, menus, footer, notices, banner…) needs to know
 * about the app; the app composes it from the layout, the route and the common
 * client state (spec 1 §3 "Client state: common").
 */
export type ShellState = {
  layout: ClientLayout;
  /** Current page name after routing (`home`, `faq`, `404`…). */
  pageName: string;
  /** A member is logged in. */
  registered: boolean;
  /** The logged-in member's first name and number, for the header's account menu. */
  member?: { firstName: string; number: string } | null;
  /** The member came from the direct-access product: the direct-access overlay (spec 1 §2). */
  directAccess: boolean;
  /** without-layout mode: no header, footer or mobile menu, extra top margin. */
  withoutLayout: boolean;
  /** Page progress: the loading overlay is active while true. */
  pageProgress: boolean;
  /** HTML error strings shown in the closable danger banner. */
  errors: string[];
  cleanErrors: () => void;
};
