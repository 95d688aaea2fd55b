import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  readAlertMoments,
  readContentIndex,
  readContentVersion,
  readDictionary,
  readStoredPage,
  readTexts,
  type ContentIndex,
  type Locale,
  type StoredPage,
} from './content-repository.js';

export type ContentCacheOptions = {
  /** How long a checked version is trusted before the next check (ms). */
  revalidateMs?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
  log?: FastifyBaseLogger;
};

/** Everything cached for one content version; dropped whole when the version moves. */
class Generation {
  index: Promise<ContentIndex> | undefined;
  /** The index once built, for synchronous hits. */
  indexValue: ContentIndex | undefined;
  readonly entries = new Map<string, Promise<unknown>>();
  /** Built values, for synchronous hits. */
  readonly values = new Map<string, unknown>();
  constructor(readonly version: number) {}
}

/**
 * In-process cache of content answers (see docs/decisions/010). Entries are
 * built on first use and kept until the content version row changes; the
 * version is checked lazily, at most once per `revalidateMs`, by one query that
 * concurrent requests share. Several server processes on one database thus
 * pick up a content load within about that interval.
 *
 * Keys must come from a bounded set (known countries, languages, page names):
 * the caller validates them against the index first.
 */
export class ContentCache {
  private generation = new Generation(-1);
  private nextCheckAt = 0;
  private checking: Promise<void> | undefined;
  private readonly revalidateMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: ContentCacheOptions = {},
  ) {
    this.revalidateMs = options.revalidateMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The current generation, after a version check if the last one is older than the interval. */
  async current(): Promise<Generation> {
    if (this.now() >= this.nextCheckAt) {
      this.checking ??= this.check().finally(() => {
        this.checking = undefined;
      });
      await this.checking;
    }
    return this.generation;
  }

  private async check(): Promise<void> {
    let version: number;
    try {
      version = await readContentVersion(this.db);
    } catch (error) {
      // Keep answering from what we have while the database is away; with
      // nothing cached yet the error reaches the request (503).
      if (this.generation.version < 0) throw error;
      this.options.log?.warn(
        { err: error },
        'content version check failed; serving cached content',
      );
      this.nextCheckAt = this.now() + this.revalidateMs;
      return;
    }
    this.nextCheckAt = this.now() + this.revalidateMs;
    if (version !== this.generation.version) this.generation = new Generation(version);
  }

  /** The generation if its version was checked within the interval; undefined means "go async". */
  private fresh(): Generation | undefined {
    return this.now() < this.nextCheckAt ? this.generation : undefined;
  }

  /** Hot path: the index without awaiting, when it is built and fresh. */
  peekIndex(): ContentIndex | undefined {
    return this.fresh()?.indexValue;
  }

  /** Hot path: a built value without awaiting, when it is built and fresh. */
  peek<T>(key: string): T | undefined {
    return this.fresh()?.values.get(key) as T | undefined;
  }

  /** Countries and their languages. */
  async index(): Promise<ContentIndex> {
    const generation = await this.current();
    if (generation.index === undefined) {
      const index = readContentIndex(this.db);
      generation.index = index;
      index.then(
        (value) => {
          if (generation.index === index) generation.indexValue = value;
        },
        () => {
          if (generation.index === index) generation.index = undefined;
        },
      );
    }
    return generation.index;
  }

  /** A value built once per content version; concurrent callers share one build. */
  async memo<T>(key: string, build: () => Promise<T>): Promise<T> {
    const generation = await this.current();
    let entry = generation.entries.get(key) as Promise<T> | undefined;
    if (entry === undefined) {
      const built = build();
      entry = built;
      generation.entries.set(key, built);
      built.then(
        (value) => {
          if (generation.entries.get(key) === built) generation.values.set(key, value);
        },
        // A failed build is not cached: the next request tries again.
        () => {
          if (generation.entries.get(key) === built) generation.entries.delete(key);
        },
      );
    }
    return entry;
  }

  storedPage(locale: Locale, name: string): Promise<StoredPage | null> {
    return this.memo(`stored-page:${locale.countryCode}:${locale.languageCode}:${name}`, () =>
      readStoredPage(this.db, locale, name),
    );
  }

  dictionary(locale: Locale): Promise<Readonly<Record<string, string>>> {
    return this.memo(`dictionary:${locale.countryCode}:${locale.languageCode}`, () =>
      readDictionary(this.db, locale),
    );
  }

  /** Every moment an alert starts or ends, ascending (built once per content version). */
  alertMoments(): Promise<readonly number[]> {
    return this.memo('alert-moments', () => readAlertMoments(this.db));
  }

  /** Hot path: the alert moments without awaiting, when built and fresh. */
  peekAlertMoments(): readonly number[] | undefined {
    return this.peek<readonly number[]>('alert-moments');
  }

  texts(locale: Locale): Promise<ReadonlyMap<string, string>> {
    return this.memo(`texts:${locale.countryCode}:${locale.languageCode}`, () =>
      readTexts(this.db, locale),
    );
  }

  /** Forgets everything; the next request checks the version again. */
  clear(): void {
    this.generation = new Generation(-1);
    this.nextCheckAt = 0;
  }
}
