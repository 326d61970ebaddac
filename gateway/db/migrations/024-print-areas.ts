import { sql, type Kysely } from "kysely";

// What the design studio prints on (docs/catalog.md, "Mock-ups and print areas"). A customisable
// product has a print area: a rectangle on its blank mock-ups, as fractions of the mock-up's width
// and height, and the size it prints at, in hundredths of an inch (whole numbers, so a side is never
// 12.599999 in). The print file is that size at 300 DPI and at most 16 megapixels (a phone's canvas
// holds no more). The columns are all set or all null (no print area).
//
// A blank mock-up is the item without a design, one per value of the product's Color option (color
// is the value as the option spells it; '' is the one blank of a product without a Color option).
// Their order is the Color option's, read when they are shown, so reordering the colours never
// rewrites them; a blank whose colour the product no longer offers is kept (staff remove it, or it
// shows again when the colour comes back) but shown to no shopper.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD COLUMN print_area_x double precision,
      ADD COLUMN print_area_y double precision,
      ADD COLUMN print_area_width double precision,
      ADD COLUMN print_area_height double precision,
      ADD COLUMN print_width_hundredths integer,
      ADD COLUMN print_height_hundredths integer`.execute(db);
  await sql`
    ALTER TABLE products ADD CONSTRAINT products_print_area_whole CHECK (
      num_nulls(print_area_x, print_area_y, print_area_width, print_area_height, print_width_hundredths, print_height_hundredths) IN (0, 6))`.execute(db);
  // Within the mock-up (a billionth's leeway for sums of fractions such as 0.7 + 0.3), each side
  // more than 2 % of it; 1 to 20 inches a side; at most 16,000,000 pixels at 300 DPI (3 px a hundredth).
  await sql`
    ALTER TABLE products ADD CONSTRAINT products_print_area_within CHECK (
      print_area_x >= 0 AND print_area_y >= 0
      AND print_area_width > 0.02 AND print_area_height > 0.02
      AND print_area_x + print_area_width <= 1.000000001
      AND print_area_y + print_area_height <= 1.000000001)`.execute(db);
  await sql`
    ALTER TABLE products ADD CONSTRAINT products_print_area_inches CHECK (
      print_width_hundredths BETWEEN 100 AND 2000 AND print_height_hundredths BETWEEN 100 AND 2000
      AND (print_width_hundredths * 3) * (print_height_hundredths * 3) <= 16000000)`.execute(db);

  await sql`
    CREATE TABLE product_mockups (
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      color text NOT NULL CHECK (char_length(color) <= 60),
      path text NOT NULL,
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (product_id, color)
    )`.execute(db);
  // Whether a media file is still shown (a removal's question) looks a blank up by its path.
  await sql`CREATE INDEX product_mockups_path_idx ON product_mockups (path)`.execute(db);
}
