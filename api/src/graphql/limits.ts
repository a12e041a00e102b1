import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  isIntrospectionType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export type QueryLimits = { maxDepth: number; maxAliases: number; maxCost: number };

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: 10, maxAliases: 20, maxCost: 2000 };

/** Children of a list field are assumed to repeat this many times when costing a query. */
const LIST_FACTOR = 10;

// how many times one operation may ask for the whole schema: once is what tools send, and more
// only multiplies the answer (20 aliased full introspections fit every other limit)
const MAX_SCHEMA_FIELDS = 1;

type Measure = { depth: number; aliases: number; cost: number; schemas: number };

// __schema and __type are no type's own fields: the schema answers them on the root query type
function fieldDef(parent: GraphQLCompositeType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

function measure(
  ctx: ValidationContext,
  set: SelectionSetNode,
  parent: GraphQLCompositeType | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  depth: number,
  seen: ReadonlySet<string>,
): Measure {
  const out: Measure = { depth, aliases: 0, cost: 0, schemas: 0 };
  const add = (m: Measure) => {
    out.depth = Math.max(out.depth, m.depth);
    out.aliases += m.aliases;
    out.cost += m.cost;
    out.schemas += m.schemas;
  };
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      // introspection counts like any other field: 600 aliased __schema fields would answer 25 MB
      if (sel.alias) out.aliases += 1;
      if (sel.name.value === SchemaMetaFieldDef.name) out.schemas += 1;
      out.cost += 1;
      if (!sel.selectionSet) continue;
      const def = fieldDef(parent, sel.name.value);
      const child = def ? getNamedType(def.type) : undefined;
      // `ofType` only unwraps a list or non-null wrapper, a chain as long as the schema's types are
      // nested; tools send nine of them, so they do not deepen a query
      const unwrap = sel.name.value === 'ofType' && parent !== undefined && isIntrospectionType(parent);
      const inner = measure(
        ctx,
        sel.selectionSet,
        child && isCompositeType(child) ? child : undefined,
        fragments,
        unwrap ? depth : depth + 1,
        seen,
      );
      // introspection lists are as long as the schema makes them, not the data (and graphql's own
      // MaxIntrospectionDepthRule bounds their nesting), so they weigh their children once
      const factor =
        def && isListType(getNullableType(def.type)) ? (child && isIntrospectionType(child) ? 1 : LIST_FACTOR) : 1;
      add({ depth: inner.depth, aliases: inner.aliases, cost: inner.cost * factor, schemas: inner.schemas });
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const cond = sel.typeCondition ? ctx.getSchema().getType(sel.typeCondition.name.value) : parent;
      add(measure(ctx, sel.selectionSet, cond && isCompositeType(cond) ? cond : parent, fragments, depth, seen));
    } else {
      const frag = fragments[sel.name.value];
      // unknown fragments and cycles are reported by graphql's own rules
      if (!frag || seen.has(sel.name.value)) continue;
      const cond = ctx.getSchema().getType(frag.typeCondition.name.value);
      add(
        measure(
          ctx,
          frag.selectionSet,
          cond && isCompositeType(cond) ? cond : parent,
          fragments,
          depth,
          new Set(seen).add(sel.name.value),
        ),
      );
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
        const schema = context.getSchema();
        const root =
          op.operation === 'query'
            ? schema.getQueryType()
            : op.operation === 'mutation'
              ? schema.getMutationType()
              : schema.getSubscriptionType();
        // depth counts levels of fields: { a { b } } is 2
        const m = measure(context, op.selectionSet, root ?? undefined, fragments, 1, new Set());
        const fail = (code: string, message: string) =>
          context.reportError(new GraphQLError(message, { nodes: [op], extensions: { code } }));
        if (m.depth > limits.maxDepth)
          fail('QUERY_TOO_DEEP', `Query depth ${m.depth} exceeds the limit of ${limits.maxDepth}`);
        if (m.aliases > limits.maxAliases)
          fail('TOO_MANY_ALIASES', `Query uses ${m.aliases} aliases; the limit is ${limits.maxAliases}`);
        if (m.schemas > MAX_SCHEMA_FIELDS)
          fail('QUERY_TOO_COMPLEX', `Query asks for __schema ${m.schemas} times; ask once per query`);
        if (m.cost > limits.maxCost)
          fail('QUERY_TOO_COMPLEX', `Query cost ${m.cost} exceeds the limit of ${limits.maxCost}`);
      },
    };
  };
}
