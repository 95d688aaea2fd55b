import { Socket } from 'node:net';
import pg from 'pg';

export type WatchdogOptions = {
  connectionString: string;
  /**
   * How long the server may take to answer a probe (`select 1` on the
   * watchdog's own connection) before it counts as not answering; a fifth of
   * it is how long a connection may be in use before the watchdog probes.
   */
  answerTimeoutMs: number;
  /** Told when the database stops or starts answering again. */
  onChange?: (answering: boolean, reason: string) => void;
};

/** The error a request gets while the database does not answer: SQLSTATE 08006, a connection failure (503). */
export class DatabaseNotAnswering extends Error {
  override name = 'DatabaseNotAnswering';
  readonly code = '08006';
  constructor(reason: string) {
    super(`The database does not answer (${reason})`);
  }
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A `pg` pool that fails fast when PostgreSQL stops answering, and recovers
 * by itself when it answers again.
 *
 * A server that is down refuses connections at once; one that hangs (stopped
 * process, full disk, lost network) accepts them and says nothing, so every
 * request would wait for the connection timeout or, on a pooled connection,
 * forever. Waiting for a lock looks the same from outside, so a statement
 * timeout cannot tell them apart. Instead, when a connection has been
 * checked out (or asked for) for a fifth of `answerTimeoutMs`, the watchdog
 * asks the server `select 1` on a connection of its own (one per process,
 * opened again when it breaks); no answer within `answerTimeoutMs` means it
 * does not answer: every pooled connection is closed (their statements fail
 * at once) and further requests for a connection fail at once with
 * {@link DatabaseNotAnswering}, until a probe, every half second, is
 * answered again. A busy server answers the probe, and is left alone.
 */
export class WatchedPool extends pg.Pool {
  private readonly sockets: Set<Socket>;
  private readonly outstanding = new Map<object, number>();
  private readonly timer: NodeJS.Timeout;
  private probing = false;
  private probeClient: pg.Client | undefined;
  private probeSocket: Socket | undefined;
  private lastProbeAt = 0;
  private notAnswering: string | undefined;

  constructor(
    config: pg.PoolConfig,
    private readonly watch: WatchdogOptions,
  ) {
    const sockets = new Set<Socket>();
    super({
      ...config,
      // Our own sockets, so that they can be closed when the server does not answer.
      stream: () => {
        const socket = new Socket();
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        return socket;
      },
    });
    this.sockets = sockets;
    this.on('acquire', (client) => this.outstanding.set(client, Date.now()));
    this.on('release', (_error, client) => this.outstanding.delete(client));
    this.on('remove', (client) => this.outstanding.delete(client));
    this.timer = setInterval(() => this.check(), Math.max(25, Math.min(50, this.slowMs / 2)));
    this.timer.unref();
  }

  /** Whether the last probe found the server answering. */
  get answering(): boolean {
    return this.notAnswering === undefined;
  }

  private get slowMs(): number {
    return Math.max(50, Math.floor(this.watch.answerTimeoutMs / 5));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (this.notAnswering !== undefined) {
      const refusal = new DatabaseNotAnswering(this.notAnswering);
      if (callback === undefined) return Promise.reject(refusal);
      process.nextTick(() => callback(refusal, undefined, () => undefined));
      return;
    }
    const waiting = {};
    this.outstanding.set(waiting, Date.now());
    if (callback === undefined) {
      return super.connect().finally(() => this.outstanding.delete(waiting));
    }
    super.connect((error, client, done) => {
      this.outstanding.delete(waiting);
      callback(error, client, done);
    });
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    clearInterval(this.timer);
    this.dropProbe();
    if (callback === undefined) return super.end();
    super.end(callback);
  }

  private check(): void {
    if (this.ended) return;
    const now = Date.now();
    if (this.notAnswering !== undefined) {
      // Connections opened meanwhile (for a request already waiting in the pool) would hang too.
      for (const socket of this.sockets) socket.destroy();
      if (!this.probing && now - this.lastProbeAt >= 500) void this.probe();
      return;
    }
    if (this.probing) return;
    let oldest = now;
    for (const since of this.outstanding.values()) oldest = Math.min(oldest, since);
    if (now - oldest >= this.slowMs && now - this.lastProbeAt >= this.slowMs) void this.probe();
  }

  /** `select 1` on the watchdog's own connection (opened again when it broke), within the answer timeout. */
  private async probe(): Promise<void> {
    this.probing = true;
    this.lastProbeAt = Date.now();
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      this.dropProbe();
    }, this.watch.answerTimeoutMs);
    let failure: string | undefined;
    try {
      let client = this.probeClient;
      if (client === undefined) {
        const socket = new Socket();
        client = new pg.Client({
          connectionString: this.watch.connectionString,
          stream: () => socket,
        });
        client.on('error', () => this.dropProbe());
        this.probeClient = client;
        this.probeSocket = socket;
        await client.connect();
      }
      await client.query('select 1');
    } catch (error) {
      failure = timedOut
        ? `no answer within ${this.watch.answerTimeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      this.dropProbe();
    } finally {
      clearTimeout(timeout);
      this.probing = false;
    }
    if (this.ended) {
      this.dropProbe();
      return;
    }
    if (failure === undefined) {
      if (this.notAnswering !== undefined) {
        this.notAnswering = undefined;
        this.watch.onChange?.(true, 'the database answers again');
      }
      return;
    }
    if (this.notAnswering === undefined) {
      this.notAnswering = failure;
      this.watch.onChange?.(false, failure);
      // Statements waiting on pooled connections fail now instead of whenever the server wakes up.
      for (const socket of this.sockets) socket.destroy();
    }
  }

  private dropProbe(): void {
    this.probeSocket?.destroy();
    this.probeClient = undefined;
    this.probeSocket = undefined;
  }
}
