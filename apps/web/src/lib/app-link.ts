/**
 * Marks a link in rich text that navigates inside the app. A module of its own
 * so that the rich-text component does not pull the link rules into the
 * initial bundle.
 */
export const appLinkAttribute = 'data-app-link';
