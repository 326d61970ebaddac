// What the shop search matches: title, tags and the description's words, lower-cased.
export function buildSearchText(product: { title: string; tags: string[]; descriptionHtml: string }): string {
  const description = product.descriptionHtml
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
  return [product.title, product.tags.join(" "), description].join(" ").replace(/\s+/g, " ").trim().toLowerCase();
}
