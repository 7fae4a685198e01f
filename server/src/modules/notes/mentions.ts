/**
 * Who a note mentions (issue #21, docs/api.md#private-notes). The rule:
 * - a mention is `@` at the start of the text or after a character that is not a letter or digit (so an email
 *   address mentions nobody);
 * - it names an active staff member of the account by their full name or by their first name (the full name's
 *   first word), in any case, followed by the end of the text or a character that is not a letter or digit;
 * - the longest full name that fits wins (`@Adam Agent` over `@Adam`);
 * - a first name two active staff members share mentions neither (write the full name).
 */
export interface MentionableStaff {
  id: string;
  fullName: string;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function namedAt(text: string, start: number, name: string): boolean {
  if (!name) return false;
  const candidate = text.slice(start, start + name.length);
  if (candidate.toLocaleLowerCase() !== name.toLocaleLowerCase()) return false;
  const next = text.charAt(start + name.length);
  return next === '' || !WORD_CHAR.test(next);
}

/** The ids of the staff the text mentions, each once, in order of first mention. */
export function parseMentions(text: string, staff: readonly MentionableStaff[]): string[] {
  const fullNames = staff
    .map((member) => ({ id: member.id, name: member.fullName.trim().replace(/\s+/g, ' ') }))
    .filter((member) => member.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const byFirstName = new Map<string, string[]>();
  for (const member of fullNames) {
    const first = member.name.split(' ')[0].toLocaleLowerCase();
    byFirstName.set(first, [...(byFirstName.get(first) ?? []), member.id]);
  }
  const firstNames = [...byFirstName.entries()]
    .filter(([, ids]) => ids.length === 1)
    .map(([name, ids]) => ({ name, id: ids[0] }))
    .sort((a, b) => b.name.length - a.name.length);

  const found: string[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at > 0 && WORD_CHAR.test(text.charAt(at - 1))) continue;
    const start = at + 1;
    const match =
      fullNames.find((member) => namedAt(text, start, member.name)) ??
      firstNames.find((member) => namedAt(text, start, member.name));
    if (match && !found.includes(match.id)) found.push(match.id);
  }
  return found;
}
