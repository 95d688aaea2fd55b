import { z } from 'zod';
import { validationFailed } from '../../lib/http-error.js';
import type { RefusedOfficeEntry } from '../offices/office-directory.js';
import { OfficeEntrySchema, type OfficeEntry } from '../offices/office-files.js';

/** An uploaded office directory file, read entry by entry. */
export type OfficeUpload = {
  countryCode: string;
  valid: { entry: number; office: OfficeEntry }[];
  refused: RefusedOfficeEntry[];
};

const FileShapeSchema = z.object({
  countryCode: z.string().regex(/^[a-z]{2}$/, 'must be a lower-case two-letter country code'),
  offices: z.array(z.unknown(), 'must be a list of offices'),
});

const issueText = (issues: readonly z.core.$ZodIssue[]) =>
  issues
    .map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    )
    .join('; ');

/**
 * Reads the text of an office directory file (the format of
 * `content/offices/{country}.json`): the file as a whole must be JSON with a
 * country code and a list (else 400 on `file`); each office is then checked
 * on its own by the loader's schema, so one bad entry is refused with its
 * reason and the others are applied. An office ID listed twice keeps its
 * first entry.
 */
export function readOfficeUpload(text: string): OfficeUpload {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw validationFailed({ file: 'The file is not valid JSON' });
  }
  const shape = FileShapeSchema.safeParse(json);
  if (!shape.success) throw validationFailed({ file: issueText(shape.error.issues) });
  const upload: OfficeUpload = { countryCode: shape.data.countryCode, valid: [], refused: [] };
  const seen = new Map<string, number>();
  shape.data.offices.forEach((raw, index) => {
    const entry = index + 1;
    const parsed = OfficeEntrySchema.safeParse(raw);
    const officeId =
      typeof raw === 'object' &&
      raw !== null &&
      typeof (raw as { officeId?: unknown }).officeId === 'string'
        ? (raw as { officeId: string }).officeId.slice(0, 40)
        : null;
    if (!parsed.success) {
      upload.refused.push({ entry, officeId, reason: issueText(parsed.error.issues) });
      return;
    }
    const first = seen.get(parsed.data.officeId);
    if (first !== undefined) {
      upload.refused.push({
        entry,
        officeId,
        reason: `the office ID is listed before (entry ${first})`,
      });
      return;
    }
    seen.set(parsed.data.officeId, entry);
    upload.valid.push({ entry, office: parsed.data });
  });
  return upload;
}
