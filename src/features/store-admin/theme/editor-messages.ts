/**
 * What the theme editor says about restores and uploads, kept apart from the component so that
 * the words are tested as they are shown. Browser code may import this file.
 */

export type ImagePurpose = 'logo' | 'favicon';

/**
 * What "Restore version N" asks before it acts. A restore publishes at once, as a new version,
 * and replaces the draft (docs/decisions/0167): the question says both, since whatever the draft
 * held that was not published is lost.
 */
export const restoreQuestion = (number: number) =>
  `Restore version ${number}? It is published at once as a new version, so shoppers see it now, and it replaces the draft: any changes not yet published are lost.`;

/** What the editor says once version `number` is restored as version `made`. */
export const restoredNotice = (number: number, made: number) =>
  `Version ${number} is published again, as version ${made}: shoppers see it now, and it is the draft too.`;

/**
 * An upload's refusal as shown beside its field: the call's own message ("The logo must be at
 * most 512 KB; this file is 700 KB."), or, for a body the schema refused, its reasons in a
 * sentence ("The logo was not accepted: it must be base64.").
 */
export function uploadRefusalText(
  purpose: ImagePurpose,
  refusal: { error: string | null; code: string | null; fields: Record<string, string[]> },
): string | null {
  if (!refusal.error) return null;
  const reasons = refusal.fields.content_base64;
  return refusal.code === 'validation_failed' && reasons && reasons.length > 0
    ? `The ${purpose} was not accepted: it ${reasons.join('; ')}.`
    : refusal.error;
}
