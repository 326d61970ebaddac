/**
 * A row read as one JSON array of its columns (`json_build_array(a, b, …)`, aggregated with
 * json_agg: a list comes back as one value instead of a row of columns each parsed in JavaScript by
 * the embedded database) as the row it came from, each value under its column's name. Values come
 * back as JSON has them: a timestamp as ISO text, a numeric as a number.
 */
export function rowOf<R>(names: readonly string[], values: unknown[]): R {
  const row: Record<string, unknown> = {};
  names.forEach((name, i) => (row[name] = values[i]));
  return row as R;
}
