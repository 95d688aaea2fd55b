import { commandConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { loadOffices } from '../offices/load-offices.js';
import { loadGifts } from '../gifts/catalogue/load-gifts.js';
import { loadContent } from './load-content.js';
import { ContentFileError } from './read-content-folder.js';

/** `npm run content:load`: migrates the configured database, then loads CONTENT_DIR (content and offices) into it. */
async function main(): Promise<number> {
  const config = commandConfig();
  if (config === undefined) return 1;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const summary = await loadContent(database.db, config.contentDir);
    console.log(
      `Content loaded: ${summary.countries.join(', ')} (content version ${summary.version})`,
    );
    const officesSummary = await loadOffices(database.db, config.contentDir);
    console.log(
      `Offices loaded: ${officesSummary.offices} (${officesSummary.countries.join(', ')})`,
    );
    const giftsSummary = await loadGifts(database.db, config.contentDir);
    console.log(`Gifts loaded: ${giftsSummary.gifts} (${giftsSummary.countries.join(', ')})`);
    return 0;
  } catch (error) {
    if (error instanceof ContentFileError) {
      console.error(`Content not loaded: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
