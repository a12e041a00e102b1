import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the query selects the field at `path` below the resolved field (e.g. ['list',
 * 'questions'] under `requests`), through fragments too. Lets a resolver skip loading what
 * nobody asked for without a query per row.
 */
export function selects(info: GraphQLResolveInfo, path: string[]): boolean {
  const within = (set: SelectionSetNode | undefined, rest: string[]): boolean => {
    if (!set) return false;
    return set.selections.some((s) => {
      if (s.kind === Kind.FIELD) {
        if (s.name.value !== rest[0]) return false;
        return rest.length === 1 || within(s.selectionSet, rest.slice(1));
      }
      if (s.kind === Kind.INLINE_FRAGMENT) return within(s.selectionSet, rest);
      return within(info.fragments[s.name.value]?.selectionSet, rest);
    });
  };
  return info.fieldNodes.some((node) => within(node.selectionSet, path));
}
