import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.js';
import type { PageSubmit } from '../content/page-registry.js';
import { answerNoSoonerThan } from './even-answer.js';
import { withTrimmedEmail } from './form-values.js';

/**
 * The submit of a guest "email me a link" form (retrieve-password, reconfirm,
 * restore): the form is checked by the registry (the address without its
 * surrounding spaces); `send` writes the link and the mail, or nothing, in one
 * transaction. The answer is the same, and comes after the same time
 * (even-answer.ts), whether or not the address belongs to a member: the form
 * reveals no member.
 */
export function guestLinkSubmit<TForm, TAnswer>(
  app: FastifyInstance,
  form: {
    body: z.ZodType<TForm>;
    response: z.ZodType<TAnswer>;
    send: (tx: Transaction, form: TForm) => Promise<void>;
    answer: TAnswer;
  },
): PageSubmit<TForm, TAnswer> {
  return {
    body: withTrimmedEmail(form.body),
    response: form.response,
    handle: async ({ body }) => {
      await answerNoSoonerThan(app.config.mail.guestFormAnswerMs, () =>
        app.db.transaction((tx) => form.send(tx, body)),
      );
      return form.answer;
    },
  };
}
