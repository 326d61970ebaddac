import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/schema.js";
import { likePattern, NEAR_MISS_MIN_LENGTH, NEAR_MISS_SIMILARITY, NEAR_MISS_WORDS, searchWords } from "./search-text.js";

// The shop search (docs/api.md "Search"). Exact matches: the search text contains the search as it
// was typed. Near misses: every word of the search is in the text as it is or misspelt: the
// words of four or more letters may stand for a catalog word alike enough (search_words, migration
// 026), the shorter ones must be there as they are. A near miss is never an exact match, so the two
// lists add up.

type ProductsExpressions = ExpressionBuilder<Database, "products">;

/** What one search looks for: the LIKE pattern, and its words (null: exact matches only). */
export interface SearchTerms {
  pattern: string;
  words: string[] | null;
}

export function searchTerms(search: string): SearchTerms {
  return { pattern: likePattern(search), words: searchWords(search) };
}

/** The search text contains the search (products_search_trgm_idx answers LIKE). */
export function exactMatch(eb: ProductsExpressions, terms: SearchTerms): Expression<SqlBool> {
  return eb("products.search_text", "like", terms.pattern);
}

/** A near miss, with what orders it: how alike (1 when every word is there as it is) and the sort's columns. */
export interface NearMissRow {
  id: string;
  likeness: number;
  handle: string;
  sales_count: number;
  created_at: Date;
  price_cents: number;
}

/**
 * The ACTIVE products a search finds as near misses (none when it has no word long enough), in no
 * order. Each long word's stand-ins are the catalog's words alike enough (the closest few), found through
 * search_words_trgm_idx (`%>` answers at pg_trgm.word_similarity_threshold, 0.6 unless a server
 * changed it; the comparison after it holds the shop's own threshold), and the word itself; each
 * stand-in finds its products through products_search_trgm_idx. A product's likeness is the mean,
 * over the long words, of its closest stand-in's. A parenthesised subquery, to be aliased.
 */
export function nearMisses(terms: SearchTerms, customizable: boolean | null): RawBuilder<NearMissRow> {
  const words = terms.words ?? [];
  const long = words.filter((w) => w.length >= NEAR_MISS_MIN_LENGTH);
  const short = words.filter((w) => w.length < NEAR_MISS_MIN_LENGTH).map(likePattern);
  // Words are runs of letters and digits, the catalog's as the search's: no LIKE wildcard in either.
  return sql<NearMissRow>`(
    WITH alternatives AS (
      SELECT term, term AS word, 1::real AS likeness FROM unnest(${long}::text[]) AS term
      UNION ALL
      SELECT term, alike.word, alike.likeness
      FROM unnest(${long}::text[]) AS term
      CROSS JOIN LATERAL (
        SELECT w.word, word_similarity(term, w.word) AS likeness FROM search_words w
        WHERE w.word %> term AND word_similarity(term, w.word) >= ${NEAR_MISS_SIMILARITY}
        ORDER BY likeness DESC, w.word LIMIT ${NEAR_MISS_WORDS}
      ) AS alike
    ), found AS (
      SELECT p.id, a.term, max(a.likeness) AS likeness, p.handle, p.sales_count, p.created_at, p.price_cents
      FROM alternatives a JOIN products p ON p.search_text LIKE '%' || a.word || '%'
      WHERE p.status = 'ACTIVE' AND p.search_text NOT LIKE ${terms.pattern} AND p.search_text LIKE ALL (${short}::text[])
        AND (${customizable}::boolean IS NULL OR p.customizable = ${customizable}::boolean)
      GROUP BY p.id, a.term
    )
    SELECT id, (sum(likeness) / ${long.length})::real AS likeness, handle, sales_count, created_at, price_cents
    FROM found GROUP BY id, handle, sales_count, created_at, price_cents
    HAVING count(*) = ${long.length}
  )`;
}
