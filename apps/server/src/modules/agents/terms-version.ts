import { sql, type SQL } from 'drizzle-orm';
import { countries } from '../content/schema.js';

/** The terms version of a country without content yet: the column's default, the first terms. */
const firstTermsVersion = '1';

/**
 * The version of the terms a country publishes now, read inside the statement
 * that records an acceptance, so that the member accepts what the database
 * holds at that moment (a content load may have just changed it).
 */
export function currentTermsVersion(countryCode: string): SQL<string> {
  return sql<string>`coalesce((select ${countries.termsVersion} from ${countries} where ${countries.code} = ${countryCode}), ${firstTermsVersion})`;
}
