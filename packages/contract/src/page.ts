import { z } from 'zod';

export const FaqItemSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  /** HTML; sanitised and link-rewritten by the web app. */
  text: z.string(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

/**
 * The generic page answer of `GET /s2c/content/v1/pages/{pageName}/` (spec 1 §3
 * "Page (generic)"). Pages with their own data (registration, points, gifts…)
 * extend it with their fields in the issue that owns them.
 */
export const PageSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** HTML content block; `""` means the screen shows its default text. */
  text: z.string(),
  postText: z.string(),
  faqItems: z.array(FaqItemSchema),
  errorMessage: z.array(z.string()),
  errorMessageList: z.array(z.object({ errorMessage: z.string() })),
  params: z.record(z.string(), z.string()),
  /**
   * The dictionary words of the page's screen, beyond the shell's words of
   * the layout; the web app merges them into the layout's dictionary.
   */
  dictionary: z.record(z.string(), z.string()).optional(),
});
export type Page = z.infer<typeof PageSchema>;

/** `GET /s2c/content/v1/texts?key=` answer. */
export const TextSchema = z.object({ key: z.string(), value: z.string() });
export type Text = z.infer<typeof TextSchema>;
