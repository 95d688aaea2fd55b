import { appConfig } from './app-config';
import { httpClient } from './http-client';

/**
 * Posts a client error to the server's log (spec 1 §7 "error log"), only when
 * the configuration turns it on; production leaves it off. Never throws.
 */
export async function logError(message: string): Promise<void> {
  if (!appConfig().errorLog) return;
  try {
    await httpClient.post('/content/v1/log', { body: { message: message.slice(0, 4000) } });
  } catch {
    // A failing log must not become another error for the user.
  }
}
