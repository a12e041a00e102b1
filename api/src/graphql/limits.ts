import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export type QueryLimits = { maxDepth: number; maxAliases: number; maxCost: number };

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: 10, maxAliases: 20, maxCost: 2000 };

type Measure = { depth: number; aliases: number; cost: number };

// Walks a selection set with fragments inlined. Cost counts every field once per place it can be
// resolved; list fields multiply their children by an assumed page size, so nested lists are dear.
function measure(
  set: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  depth: number,
  seen: Set<string>,
): Measure {
  const out: Measure = { depth, aliases: 0, cost: 0 };
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.alias) out.aliases += 1;
      out.cost += 1;
      if (sel.selectionSet) {
        const inner = measure(sel.selectionSet, fragments, depth + 1, seen);
        out.depth = Math.max(out.depth, inner.depth);
        out.aliases += inner.aliases;
        out.cost += inner.cost * 10;
      }
    } else {
      const fragmentSet =
        sel.kind === Kind.INLINE_FRAGMENT ? sel.selectionSet : fragments[sel.name.value]?.selectionSet;
      if (!fragmentSet) continue;
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        // cycles are reported by graphql's own NoFragmentCycles rule
        if (seen.has(sel.name.value)) continue;
        seen = new Set(seen).add(sel.name.value);
      }
      const inner = measure(fragmentSet, fragments, depth, seen);
      out.depth = Math.max(out.depth, inner.depth);
      out.aliases += inner.aliases;
      out.cost += inner.cost;
    }
  }
  return out;
}

/** One validation rule for depth, alias and cost limits; errors carry stable codes. */
export function queryLimitsRule(limits: QueryLimits = DEFAULT_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    }
    return {
      OperationDefinition(op) {
        const m = measure(op.selectionSet, fragments, 0, new Set());
        const fail = (code: string, message: string) =>
          context.reportError(new GraphQLError(message, { nodes: [op], extensions: { code } }));
        if (m.depth > limits.maxDepth) fail('QUERY_TOO_DEEP', `Query depth ${m.depth} exceeds the limit of ${limits.maxDepth}`);
        if (m.aliases > limits.maxAliases) fail('TOO_MANY_ALIASES', `Query uses ${m.aliases} aliases; the limit is ${limits.maxAliases}`);
        if (m.cost > limits.maxCost) fail('QUERY_TOO_COMPLEX', `Query cost ${m.cost} exceeds the limit of ${limits.maxCost}`);
      },
    };
  };
}
