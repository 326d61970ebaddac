// The address of a selection of orders as CSV (GET /api/admin/orders.csv: one row per line item,
// at most 100 orders), for the orders list and the packing slips to link to.
export function ordersCsvHref(ids: readonly string[]): string {
  return `/api/admin/orders.csv?ids=${ids.map(encodeURIComponent).join(",")}`;
}
