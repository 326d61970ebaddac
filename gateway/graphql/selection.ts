import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

/**
 * Whether the query may select any of `fields` inside the field `under` of the current field's
 * answer (e.g. `cart { lines }` of a mutation's payload), by field name (an alias does not hide it)
 * and through fragments. @skip and @include are ignored: a field they may leave out counts as
 * selected, so a resolver that loads less when this is false never leaves a selected field empty.
 */
export function selectsAnyOf(info: GraphQLResolveInfo, under: string, fields: readonly string[]): boolean {
  const wanted = new Set(fields);
  return info.fieldNodes
    .flatMap((node) => fieldsNamed(node.selectionSet, under, info))
    .some((node) => fieldsNamed(node.selectionSet, null, info).some((field) => wanted.has(field.name.value)));
}

/** The fields of a selection set (through fragments) named `name`, or all of them when `name` is null. */
function fieldsNamed(set: SelectionSetNode | undefined, name: string | null, info: GraphQLResolveInfo, seen = new Set<string>()): FieldNode[] {
  if (!set) return [];
  return set.selections.flatMap((selection): FieldNode[] => {
    switch (selection.kind) {
      case Kind.FIELD:
        return name === null || selection.name.value === name ? [selection] : [];
      case Kind.INLINE_FRAGMENT:
        return fieldsNamed(selection.selectionSet, name, info, seen);
      case Kind.FRAGMENT_SPREAD: {
        const fragment = info.fragments[selection.name.value];
        if (!fragment || seen.has(fragment.name.value)) return [];
        seen.add(fragment.name.value);
        return fieldsNamed(fragment.selectionSet, name, info, seen);
      }
    }
  });
}
