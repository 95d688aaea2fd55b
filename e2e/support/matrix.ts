/**
 * The width × country matrix of the journeys. By default (`npm test`) each
 * journey runs once, in one of its variants; `npm run test:matrix` (and CI)
 * sets `E2E_MATRIX=1` and runs every variant. The default variant is chosen
 * per journey so that the quick run still crosses a phone width and the
 * right-to-left site somewhere.
 */
export const fullMatrix = process.env.E2E_MATRIX === '1';

/** Every variant in the full matrix; otherwise only `variants[pick]`. */
export function inMatrix<T>(variants: readonly T[], pick = 0): readonly T[] {
  if (fullMatrix) return variants;
  const chosen = variants[pick];
  if (chosen === undefined) throw new Error(`no variant ${pick} of ${variants.length}`);
  return [chosen];
}
