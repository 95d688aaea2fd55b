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
      if (typeof config === 'string' && Array.isArray(values)) {
        const name = names.nameOf(config);
        if (name !== undefined) return run({ text: config, values, name }, callback);
      } else if (typeof config === 'object' && config !== null) {
        const { text, name, submit } = config as QueryConfig;
        if (typeof text === 'string' && name === undefined && typeof submit !== 'function') {
          const given = names.nameOf(text);
          if (given !== undefined) return run({ ...config, name: given }, values, callback);
        }
      }
      return run(config, values, callback);
    }
  };
}
