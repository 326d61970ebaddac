// Writes the SDL of the TypeGraphQL schema to schema/schema.graphql; with --check, fails when the
// checked-in file differs (CI runs that, so the schema in the repo is always the served one).
import fs from "node:fs";
import path from "node:path";
import { lexicographicSortSchema, printSchema } from "graphql";
import { buildGatewaySchema } from "../graphql-server/schema.js";

const SCHEMA_PATH = path.resolve(import.meta.dirname, "../../schema/schema.graphql");
const HEADER = "# Generated from the gateway's TypeGraphQL classes by `npm run schema:emit`. Do not edit.\n\n";

const schema = await buildGatewaySchema();
const sdl = `${HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv.includes("--check")) {
  const current = fs.existsSync(SCHEMA_PATH) ? fs.readFileSync(SCHEMA_PATH, "utf8") : "";
  if (current !== sdl) {
    console.error("schema/schema.graphql is stale: run `npm run schema:emit` and commit the result.");
    process.exit(1);
  }
  console.log("schema/schema.graphql is current.");
} else {
  fs.writeFileSync(SCHEMA_PATH, sdl);
  console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_PATH)}`);
}
