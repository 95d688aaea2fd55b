import { httpClient } from '../../../lib/http-client';

/** The byte-order mark that tells spreadsheets the file is UTF-8 (reading the answer as text drops it). */
const utf8Bom = '\uFEFF';

/**
 * Downloads the member's points statement (`GET /s2c/auth/v1/agent-points/statement`)
 * through the HTTP client, which sends the session, and saves it as a CSV
 * file: a link with `download` to the file's object URL, clicked once.
 */
export async function downloadPointsStatement(
  number: string,
  languageCode: string,
  today: string,
): Promise<void> {
  const csv = await httpClient.get<string>('/s2c/auth/v1/agent-points/statement', {
    query: { number, languageCode },
  });
  const text = String(csv);
  const file = new Blob([text.startsWith(utf8Bom) ? text : utf8Bom + text], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `points-statement-${number}-${today}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
