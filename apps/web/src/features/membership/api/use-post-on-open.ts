import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { wordText } from '@club/contract/message-catalogue';
import type { Page } from '@club/contract/page';
import { useCommonState } from '../../../shared/common-state';
import { useLayout } from '../../../shared/layout-context';
import { submitErrorMessage } from '../../../lib/api-error';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';

/** Answers of link pages already posted in this visit, by page, country and token. */
const posted = new Map<string, Promise<unknown>>();

export type PostOnOpen<T> =
  | { status: 'no-token' }
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'done'; answer: T };

/**
 * The page form a link page posts once on open with the link's `token`
 * (registration-email-confirm, delete-confirm, restore-confirm); a page GET
 * never uses a link up. The answer is kept for the visit, so a second render,
 * a return to the page or React's development double effects never post the
 * used link again. A failure shows the generic submit error; opening the page
 * again tries once more.
 */
export function usePostOnOpen<TSchema extends z.ZodType>(
  page: Page,
  schema: TSchema,
): PostOnOpen<z.output<TSchema>> {
  const layout = useLayout();
  const { addError } = useCommonState();
  const token = page.params.token ?? '';
  const key = `${page.name}|${layout.countryCode}|${token}`;
  const [state, setState] = useState<{ key: string; result: PostOnOpen<z.output<TSchema>> }>({
    key: '',
    result: { status: 'pending' },
  });

  useEffect(() => {
    if (token === '') return;
    let current = true;
    let answer = posted.get(key);
    if (answer === undefined) {
      answer = postPageForm(page, layout, { token }).then((raw) => {
        const read = readPageFormAnswer(schema, raw);
        if (read.kind === 'invalid') throw new Error('The link was refused as field input');
        return read.answer;
      });
      posted.set(key, answer);
      answer.catch(() => posted.delete(key));
    }
    answer.then(
      (value) =>
        current &&
        setState({ key, result: { status: 'done', answer: value as z.output<TSchema> } }),
      (error: unknown) => {
        if (!current) return;
        setState({ key, result: { status: 'error' } });
        addError(wordText(submitErrorMessage(error), layout.dictionary));
      },
    );
    return () => {
      current = false;
    };
  }, [key, token, page, layout, schema, addError]);

  if (token === '') return { status: 'no-token' };
  return state.key === key ? state.result : { status: 'pending' };
}
