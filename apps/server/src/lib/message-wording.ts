import type { FastifyRequest } from 'fastify';
import { isMessageKey, wordText, type Words } from '@club/contract/message-catalogue';

/** The dictionary words of a request's language; `{}` words in English. */
export type RequestWords = (request: FastifyRequest) => Promise<Words>;

/**
 * Words the messages of answers in the request's language. The error handler
 * and the calls outside the pages use it; the content module, which sits
 * above them and knows the dictionaries, supplies the words (until then,
 * and whenever they cannot be read, messages are English).
 */
export class MessageWording {
  private wordsOf: RequestWords = () => Promise.resolve({});

  /** Called by the content module when it is registered. */
  supply(wordsOf: RequestWords): void {
    this.wordsOf = wordsOf;
  }

  /** The request's words; a failure to read them words in English rather than failing the answer. */
  async words(request: FastifyRequest): Promise<Words> {
    try {
      return await this.wordsOf(request);
    } catch (error) {
      request.log.warn({ err: error }, 'dictionary unavailable; messages in English');
      return {};
    }
  }

  /**
   * An answer's data with every message key worded (top-level strings and
   * lists of strings, and the lists of `validationMessages`); other text
   * stays as it is. Reads the words only when there is a key to word.
   */
  async wordData(request: FastifyRequest, data: unknown): Promise<unknown> {
    if (!hasMessageKey(data)) return data;
    const words = await this.words(request);
    return wordValues(data, words);
  }
}

function hasMessageKey(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isMessageKey(value);
  if (depth > 2 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => hasMessageKey(item, depth + 1));
}

function wordValues(value: unknown, words: Words, depth = 0): unknown {
  if (typeof value === 'string') return wordText(value, words);
  if (depth > 2 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => wordValues(item, words, depth + 1));
  const worded: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) worded[key] = wordValues(item, words, depth + 1);
  return worded;
}
