/**
 * Which statement texts run as named (prepared) statements, and their names:
 * a text seen `namedAfterUses` times gets a name, up to `maxNamed` texts; the
 * counts of texts not yet named start again past `maxCounted` (one-off texts,
 * e.g. bulk inserts of a new size). Both databases use it (decisions 031, 033).
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly uses = new Map<string, number>();

  constructor(
    private readonly prefix: string,
    private readonly limits = { namedAfterUses: 2, maxNamed: 1000, maxCounted: 5000 },
  ) {}

  /** The text's name when it runs by name (named already, or used often enough now); else undefined. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.limits.maxNamed) return undefined;
    const count = (this.uses.get(text) ?? 0) + 1;
    if (count >= this.limits.namedAfterUses) {
      this.uses.delete(text);
      const name = `${this.prefix}${this.names.size}`;
      this.names.set(text, name);
      return name;
    }
    if (this.uses.size >= this.limits.maxCounted) this.uses.clear();
    this.uses.set(text, count);
    return undefined;
  }

  get size(): number {
    return this.names.size;
  }
}
