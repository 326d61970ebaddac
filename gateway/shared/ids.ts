// Every entity's id is a UUID, the same string in REST and GraphQL.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before a query so a malformed id is "not found" rather than a database cast error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
