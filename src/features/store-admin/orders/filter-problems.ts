/**
 * A list's or report's refused query, said beside its filters (decision 0324): each filter the
 * form labels gets its messages as sentences naming it, and any other filter, by those labels
 * ("To (UTC) must not be before From (UTC)."); a message said twice is said once. Fields without
 * a label (a cursor from another list, say) are left for `QueryProblem`'s line at the top.
 */
export function filterProblems(
  fields: Record<string, string[] | undefined>,
  labels: Record<string, string>,
): Record<string, string[]> {
  // A message may name another filter by its field name ("must not be before from").
  const named = (m: string) => m.replace(/\b(from|to)\b$/, (f) => labels[f] ?? f);
  const beside: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) {
    const label = labels[field];
    const said = [...new Set(messages ?? [])];
    if (label && said.length > 0) beside[field] = said.map((m) => `${label} ${named(m)}.`);
  }
  return beside;
}
