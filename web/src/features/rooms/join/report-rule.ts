import type { DatasetList_DatasetFragment } from '../datasets.generated';

type RuledSet = Pick<DatasetList_DatasetFragment, 'id' | 'name' | 'mine' | 'partnerAccess'>;

/**
 * Why the analysis rules refuse a row-level report of these sets (one, or the two of a join), or
 * null. Asked before the "1 IPT Token will be deducted" confirmation, so that a partner is not
 * asked to agree to a charge for a report the rules refuse anyway; the server checks again (and
 * alone knows the k rule's row counts). Mirrors the server's rule check and its words.
 */
export function reportRefusal(sets: readonly RuledSet[]): string | null {
  for (const set of sets) {
    if (set.mine || set.partnerAccess === 'full') continue;
    const name = `"${set.name}"`;
    if (set.partnerAccess === 'aggregates')
      return `${name} is shared for counts and aggregates only (rule "aggregates"): no row-level report of it. Request access to ask its uploader for one`;
    const other = sets.find((s) => s !== set);
    if (!other)
      return `${name} is shared for matches only (rule "matches"): a report must join it with one of your own data sets. Request access to report it alone`;
    if (!other.mine)
      return `${name} is shared for matches only (rule "matches"): a report must join it with one of your own data sets, and "${other.name}" is not yours`;
  }
  return null;
}
