import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { CommonStateProvider } from '../common-state';
import { useClubForm, useFormSubmit } from './use-club-form';

const NameSchema = z.object({ name: z.string().min(1) });

/** A form whose submit waits on `answer`; counts its renders and its sends. */
function renderForm() {
  const counts = { renders: 0, sends: 0 };
  let answer: () => void = () => undefined;
  function NameForm() {
    counts.renders += 1;
    const form = useClubForm(NameSchema, { name: 'Ada' });
    const { onSubmit } = useFormSubmit(form, () => {
      counts.sends += 1;
      return new Promise<void>((resolve) => {
        answer = resolve;
      });
    });
    return (
      <form onSubmit={(event) => void onSubmit(event)}>
        <input aria-label="Name" {...form.register('name')} />
        <button type="submit">Send</button>
      </form>
    );
  }
  render(
    <CommonStateProvider>
      <NameForm />
    </CommonStateProvider>,
  );
  return { counts, answer: () => answer() };
}

describe('a form submit (issue 19: a quick answer to the click)', () => {
  it('sends once while a submit runs, and again once it has ended', async () => {
    const { counts, answer } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(counts.sends).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(counts.sends).toBe(1);
    answer();
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(counts.sends).toBe(2);
    });
  });

  it("does not render the whole form for the submit's start", async () => {
    const { counts, answer } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(counts.sends).toBe(1));
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = counts.renders;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(counts.sends).toBe(2));
    expect(counts.renders).toBe(before);
  });
});
