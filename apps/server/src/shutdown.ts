import type { App } from './app.js';

/**
 * Closes the server on SIGTERM or SIGINT: it stops accepting connections,
 * lets the requests and background work in hand finish, then closes the
 * database. A client that never finishes its request (a slow body, a hung
 * connection) would hold that up for ever, so after `graceMs` the open
 * connections are closed and the process exits (code 1) whatever is left.
 * Staff commands handed over by the local channel finish first, within the
 * same deadline: they use the database the app is about to close.
 */
export async function shutDown(
  app: App,
  database: { close(): Promise<void> },
  graceMs: number,
  staffCommands?: { close(): Promise<void> },
  exit: (code: number) => never = (code) => process.exit(code),
): Promise<never> {
  const deadline = setTimeout(() => {
    app.log.warn({ graceMs }, 'shutdown grace over: closing open connections and exiting');
    app.server.closeAllConnections();
    exit(1);
  }, graceMs);
  await staffCommands?.close();
  await app.close();
  await database.close();
  clearTimeout(deadline);
  return exit(0);
}
