import {
  Column,
  is,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Table,
  type QueryWithTypings,
} from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

type BuildConfig = Parameters<SQL['toQuery']>[0] & {
  /** The text of each column and table seen, which never changes (names only, no values). */
  names?: WeakMap<object, string>;
};
type Typing = NonNullable<QueryWithTypings['typings']>[number];
type Built = { sql: string; params: unknown[]; typings: Typing[] };
/** Drizzle's statement as its walk sees it (these members are private in its types). */
type Walked = {
  queryChunks: unknown[];
  shouldInlineParams: boolean;
  mapInlineParam(value: unknown, config: BuildConfig): string;
  buildQueryFromSourceParams(chunks: unknown[], config: BuildConfig): QueryWithTypings;
};
const walked = (statement: SQL) => statement as unknown as Walked;

/**
 * Turns the dialect's statements into text and parameters with less work
 * per part: every statement the club runs goes through it (decision 034).
 *
 * Drizzle's own walk asks each part of a statement, in turn, whether it is
 * each of a dozen kinds, and each question that is answered no climbs the
 * part's class chain; a gift order's two statements hold hundreds of parts,
 * and the walk was a sixth of the server's time per order. Here the common
 * parts (text, nested statements, values and their parameters, columns and
 * tables) are told apart by their class at once, the text of a column or
 * table and the parameter type of a column are worked out once, and
 * everything else (names, aliases, subqueries, placeholders) is handed to
 * drizzle's walk, numbered on from where this one is. The text and
 * parameters are the same as drizzle's own: with `checkAgainst` (the server
 * tests, CLUB_CHECK_SQL_TEXT) both run on every statement, and any
 * difference fails it.
 */
export function useFastSqlText(dialect: PgDialect, checkAgainst = false): void {
  const drizzleText = dialect.sqlToQuery.bind(dialect);
  const shared: BuildConfig = {
    casing: (dialect as unknown as { casing: BuildConfig['casing'] }).casing,
    escapeName: (name) => dialect.escapeName(name),
    escapeParam: (index) => dialect.escapeParam(index),
    escapeString: (text) => dialect.escapeString(text),
    prepareTyping: typingCache(dialect),
    names: new WeakMap(),
  };
  const fast = (statement: SQL, invokeSource?: 'indexes'): QueryWithTypings => {
    if (invokeSource !== undefined) return drizzleText(statement, invokeSource);
    const config: BuildConfig = { ...shared, paramStartIndex: { value: 0 } };
    const built: Built = { sql: '', params: [], typings: [] };
    append(built, statement.queryChunks, config, walked(statement).shouldInlineParams);
    return built.typings.length === 0 ? { sql: built.sql, params: built.params } : built;
  };
  dialect.sqlToQuery = !checkAgainst
    ? fast
    : (statement, invokeSource) => {
        const mine = fast(statement, invokeSource);
        const theirs = drizzleText(statement, invokeSource);
        assertSameQuery(mine, theirs);
        return mine;
      };
}

/** A statement with no parts of its own, the `this` of drizzle's walk of one part. */
const walker = walked(new SQL([]));

function append(
  built: Built,
  chunks: readonly unknown[],
  config: BuildConfig,
  inline: boolean,
): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const value = chunk.value;
      built.sql += value.length === 1 ? value[0] : value.join('');
    } else if (chunk === undefined) {
      continue;
    } else if (chunk instanceof SQL) {
      append(built, chunk.queryChunks, config, inline || walked(chunk).shouldInlineParams);
    } else if (Array.isArray(chunk)) {
      // A list of parts, in parentheses and separated by commas.
      built.sql += '(';
      chunk.forEach((item: unknown, index) => {
        if (index > 0) built.sql += ', ';
        append(built, [item], config, inline);
      });
      built.sql += ')';
    } else if (
      chunk === null ||
      (typeof chunk !== 'object' && typeof chunk !== 'function') ||
      chunk instanceof Date
    ) {
      // A value drizzle does not know as one of its own (a Date too): a parameter, as in its walk.
      addValue(built, chunk, config, inline, 'none');
    } else if (chunk instanceof Param && !is(chunk.value, Placeholder)) {
      const value: unknown =
        chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) append(built, [value], config, inline);
      else addValue(built, value, config, inline, config.prepareTyping?.(chunk.encoder) ?? 'none');
    } else if (chunk instanceof Column || chunk instanceof Table) {
      let text = config.names!.get(chunk);
      if (text === undefined) {
        text = walker.buildQueryFromSourceParams([chunk], config).sql;
        config.names!.set(chunk, text);
      }
      built.sql += text;
    } else {
      appendByDrizzle(built, [chunk], config, inline);
    }
  }
}

/** A value: written into the text when inline, else the next parameter with its type. */
function addValue(
  built: Built,
  value: unknown,
  config: BuildConfig,
  inline: boolean,
  typing: Typing,
): void {
  if (inline) {
    built.sql += walker.mapInlineParam(value, config);
    return;
  }
  built.sql += config.escapeParam(config.paramStartIndex!.value++, value);
  built.params.push(value);
  built.typings.push(typing);
}

function appendByDrizzle(
  built: Built,
  chunks: unknown[],
  config: BuildConfig,
  inline: boolean,
): void {
  const part = walker.buildQueryFromSourceParams(chunks, {
    ...config,
    inlineParams: inline,
  });
  built.sql += part.sql;
  built.params.push(...part.params);
  if (part.typings !== undefined) built.typings.push(...part.typings);
}

/** The dialect's parameter type of a column, worked out once per column (its answer never changes). */
function typingCache(dialect: PgDialect): (encoder: unknown) => Typing {
  const known = new WeakMap<object, Typing>();
  const typing = dialect.prepareTyping.bind(dialect) as (encoder: unknown) => Typing;
  return (encoder) => {
    if (typeof encoder !== 'object' || encoder === null) return typing(encoder);
    let answer = known.get(encoder);
    if (answer === undefined) {
      answer = typing(encoder);
      known.set(encoder, answer);
    }
    return answer;
  };
}

function assertSameQuery(mine: QueryWithTypings, theirs: QueryWithTypings): void {
  const same =
    mine.sql === theirs.sql &&
    mine.params.length === theirs.params.length &&
    mine.params.every((value, index) => sameValue(value, theirs.params[index])) &&
    JSON.stringify(mine.typings ?? []) === JSON.stringify(theirs.typings ?? []);
  if (!same) {
    throw new Error(
      `statement text differs from drizzle's:\n${mine.sql}\n${JSON.stringify(mine.params)}\n---\n${theirs.sql}\n${JSON.stringify(theirs.params)}`,
    );
  }
}

/** The same parameter: the same value, or (an encoder may make a new object each time) the same JSON. */
function sameValue(mine: unknown, theirs: unknown): boolean {
  if (Object.is(mine, theirs)) return true;
  if (typeof mine !== 'object' || typeof theirs !== 'object' || mine === null || theirs === null) {
    return false;
  }
  return JSON.stringify(mine) === JSON.stringify(theirs);
}
