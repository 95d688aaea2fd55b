import type { StaffContentCountry, StaffLanguageContent } from '@club/contract/staff-content';

/** What every section of a language's content gets. */
export type SectionProps = {
  country: StaffContentCountry;
  content: StaffLanguageContent;
  /** Admins and the country's managers change content; support reads it. */
  canEdit: boolean;
};

/** Text direction of a language's fields. */
export const dirOf = (isRtl: boolean) => (isRtl ? 'rtl' : 'ltr');
