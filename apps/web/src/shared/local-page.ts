import type { Page } from '@club/contract/page';

/** A page built on the client: a screen that needs no page call, or a failed load. */
export function localPage(name: string, title: string, params: Record<string, string> = {}): Page {
  return {
    name,
    title,
    text: '',
    postText: '',
    faqItems: [],
    errorMessage: [],
    errorMessageList: [],
    params,
  };
}
