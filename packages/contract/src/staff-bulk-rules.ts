/**
 * The bulk calls' limits, without a schema: the console's bulk screens load
 * in the members and orders chunks, which must not load the schema library
 * (members-screen-chunk.test.ts); staff-bulk.ts builds its schemas on them.
 */

/** The most data lines one file may hold (a larger file is split). */
export const BULK_FILE_MAX_LINES = 1000;
/** The most characters of one file's text. */
export const BULK_FILE_MAX_CHARS = 600_000;
/**
 * The most bytes of a bulk call's body: the file's characters may take up to
 * four bytes each in UTF-8, and JSON escapes its line ends.
 */
export const BULK_BODY_MAX_BYTES = 3 * 1024 * 1024;
/** The most members one export holds; narrow the filter past it. */
export const MEMBER_EXPORT_MAX = 100_000;
