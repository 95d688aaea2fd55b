/**
 * English function words: a sentence holding three of them is English,
 * whatever its words of substance. German, Greek and Arabic sentences hold
 * none of them (codes such as `XSRF-TOKEN` and names such as "Amadeus" are
 * not function words).
 */
const functionWords = new Set([
  'the',
  'you',
  'your',
  'and',
  'of',
  'to',
  'is',
  'are',
  'this',
  'that',
  'with',
  'for',
  'from',
  'when',
  'have',
  'has',
  'not',
  'be',
  'it',
  'its',
  'on',
  'or',
  'can',
  'by',
  'at',
  'our',
  'we',
  'these',
  'until',
  'so',
]);

/** The sentences of `text` that read as English. */
export function englishSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?:;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => {
      const words = sentence.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
      return words.filter((word) => functionWords.has(word)).length >= 3;
    });
}
