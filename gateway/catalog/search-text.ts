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

/**
 * How alike a word of a search and a word of the catalog must be for the catalog's word to stand in
 * for it: pg_trgm's word_similarity (how much of the search word, by trigrams, one stretch of the
 * catalog's word shares). 0.6 is pg_trgm's own default for its `<%` operator, so the trigram index
 * answers with exactly these words and no setting has to change (a lower threshold would need one).
 * Measured on the shop's words: it keeps a letter missing, doubled or wrong ("filibustr" 0.8 of
 * "filibuster", "filibster" 0.62, "fillibuster" 0.77, "congres" 0.88 of "congress", "coffe" 0.83,
 * "pilow" 0.63 of "pillow", "campain" 0.75, "mugg" 0.6 of "mug") and leaves out words that only share
 * a fragment ("senat" 0.5 of "sense", "tshirt" 0.57 of "shirt", "democracy" 0.4 of "bureaucracy"),
 * at the price of a few misspellings in the middle of a short word ("stiker" 0.5 of "sticker").
 */
export const NEAR_MISS_SIMILARITY = 0.6;

/** How many of the catalog's words, the most alike first, may stand in for one word of a search (a bound on the work one search costs). */
export const NEAR_MISS_WORDS = 5;

/**
 * A search's words may be misspelt when they have at least this many letters or digits. In a shorter
 * word one changed letter leaves too few of its trigrams to tell a typo from another word.
 */
export const NEAR_MISS_MIN_LENGTH = 4;

/**
 * The words of a search as near misses read it (runs of letters and digits, lower-cased, each once),
 * or null when none is long enough to be misspelt: then the search finds only exact matches.
 */
export function searchWords(search: string): string[] | null {
  const words = [...new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  return words.some((w) => w.length >= NEAR_MISS_MIN_LENGTH) ? words : null;
}
