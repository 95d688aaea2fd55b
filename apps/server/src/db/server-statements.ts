import pg from 'pg';
import { StatementNames } from './statement-names.js';

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };

/**
 * The pool's client class for a PostgreSQL server: a statement text the
 * server has run before is prepared under a name on each connection, then
 * only bound and executed (decision 033). Drizzle names only the statements
 * it is told to prepare; the rest (every statement written with `sql`, most
 * of a gift order's) was parsed, analysed and planned again on every call:
 * about a millisecond of the server's time per order. The names are shared
 * by the pool's connections; each prepares a name on its first use.
 */
export function namingClient(names = new StatementNames('club_auto_')): typeof pg.Client {
  return class NamingClient extends pg.Client {
    // pg's overloads: a text with values, or a config object; a submittable runs as given.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const run = (super.query as (...args: unknown[]) => never).bind(this);
      // Only statements with values: pg runs a text without them as a simple query, which may
      // hold several commands (a named statement may not).
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameOf(config);
        if (name !== undefined) return run({ text: config, values, name }, callback);
      } else if (typeof config === 'object' && config !== null) {
        const { text, name, submit, values: given } = config as QueryConfig;
        const withValues = Array.isArray(given)
          ? given.length > 0
          : Array.isArray(values) && values.length > 0;
        if (
          typeof text === 'string' &&
          name === undefined &&
          typeof submit !== 'function' &&
          withValues
        ) {
          const named = names.nameOf(text);
          if (named !== undefined) return run({ ...config, name: named }, values, callback);
        }
      }
      return run(config, values, callback);
    }
  };
}
