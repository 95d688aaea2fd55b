import type { ReactNode } from 'react';

/**
 * A value that always reads left to right (email, phone, member number, PNR,
 * office ID), so "bad@" never shows as "@bad" on a right-to-left page. `dir`
 * also isolates it from the sentence around it; the value keeps its place in
 * the page's own direction.
 */
export function LeftToRight({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** Input types whose values read left to right without being told. */
const leftToRightTypes = new Set(['email', 'tel']);

/** The `dir` of an input: `ltr` for emails, phones and the fields marked so (codes, numbers). */
export function inputDirection(type: string, readsLeftToRight: boolean | undefined) {
  return readsLeftToRight === true || leftToRightTypes.has(type) ? 'ltr' : undefined;
}
