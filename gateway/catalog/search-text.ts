// What the shop search matches: title, tags and the description's words, lower-cased.
export function buildSearchText(product: { title: string; tags: string[]; descriptionHtml: string }): string {
  const description = product.descriptionHtml
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
  return [product.title, product.tags.join(" "), description].join(" ").replace(/\s+/g, " ").trim().toLowerCase();
}

/** A LIKE pattern finding `search` anywhere in lower-cased text, its wildcards escaped ("50%" means the text "50%"). */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
