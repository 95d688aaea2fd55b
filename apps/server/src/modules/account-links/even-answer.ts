/**
 * The guest forms that take an email (retrieve-password, reconfirm, restore)
 * must not tell by their timing whether the address belongs to a member: for
 * a member they write a link and a mail, for anyone else they only look.
 * Each answer is given no sooner than `floorMs` (GUEST_FORM_ANSWER_MS) after
 * the work began, longer than either path takes, so both take the same time.
 */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const remaining = floorMs - (performance.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return result;
}
