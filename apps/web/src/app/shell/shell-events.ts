/**
 * Window events through which the shell hands actions to the capabilities that
 * own them. The shell only dispatches; it never imports those features.
 */

/**
 * Dispatched by the gifts icon instead of navigating (spec 1 §2: "it opens the
 * gift list through an event rather than normal navigation"). `detail.path` is
 * the in-app path of the gift list for the current country and language; the
 * member session (app/user/member-session.tsx) listens on `window` and opens
 * the list.
 */
export const openGiftsEvent = 'club:open-gifts';
export type OpenGiftsDetail = { path: string };

/** Dispatched by "Log Out"; the member session listens, logs out and goes home. */
export const logoutEvent = 'club:logout';

export function dispatchOpenGifts(path: string): void {
  window.dispatchEvent(new CustomEvent<OpenGiftsDetail>(openGiftsEvent, { detail: { path } }));
}

export function dispatchLogout(): void {
  window.dispatchEvent(new CustomEvent(logoutEvent));
}
