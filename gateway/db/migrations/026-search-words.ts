import { sql, type Kysely } from "kysely";

// The shop search's near misses (docs/api.md "Search"): every word the products' search text has
// used, so that a misspelt word of a search is matched against words (short strings, found through
// their own trigram index) rather than against each product's whole text, which costs a trigram
// comparison per product and grows with the catalog. A word found close to the search's word then
// finds its products through products_search_trgm_idx, as an exact search does.
//
// Words are added whenever a product's search text is written (the triggers below, so every writer
// is covered: the admin, CSV imports, the seed, bulk scripts) and never removed: a word no product
// uses any longer finds nothing, for the cost of one index probe.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);

  // Words as pg_trgm reads them (runs of letters and digits); one or two letters never come close
  // enough to a search's word of four or more to count.
  await sql`
    CREATE FUNCTION search_words_of(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT DISTINCT w FROM regexp_split_to_table($1, '[^[:alnum:]]+') AS w WHERE length(w) >= 3
    $$`.execute(db);
  await sql`INSERT INTO search_words (word) SELECT DISTINCT w FROM products, search_words_of(products.search_text) AS w`.execute(db);
  // New words are few and far between: each goes straight into the index (no pending list that
  // searches would read through until a vacuum).
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops) WITH (fastupdate = off)`.execute(db);

  // An insert: once per statement, over the rows it wrote (a CSV import or the seed is one statement).
  await sql`
    CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
      SELECT DISTINCT w FROM written, search_words_of(written.search_text) AS w
      ON CONFLICT (word) DO NOTHING;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION search_words_add()`.execute(db);
  // An update: only of a row whose search text it changed. A statement-level trigger would fire on
  // every update (transition tables cannot name columns) and join all the rows a bulk price change
  // wrote with their old selves; an update that leaves search_text out never fires this one.
  await sql`
    CREATE FUNCTION search_words_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
      SELECT w FROM search_words_of(NEW.search_text) AS w
      ON CONFLICT (word) DO NOTHING;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_search_words_update AFTER UPDATE OF search_text ON products
    FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
    EXECUTE FUNCTION search_words_add_row()`.execute(db);
}
