import type { ApiCall } from '../../../testing/membership-test-utils';

/** Whether a call is the page-form submit (POST) of `pageName`. */
export function isPageForm(call: ApiCall, pageName: string): boolean {
  return call.method === 'POST' && call.path === `/s2c/content/v1/pages/${pageName}/`;
}
