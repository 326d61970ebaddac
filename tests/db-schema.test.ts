// gateway/db/schema.ts is Kysely's hand-written view of what the migrations create. Nothing in the
// type checker ties the two together, so this test reads the interfaces with the TypeScript compiler
// and compares them, table by table and column by column, with the migrated database: names,
// nullability and the kind of value a select returns.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

const SCHEMA_FILE = path.resolve(import.meta.dirname, "../gateway/db/schema.ts");

type Kind = "string" | "number" | "boolean" | "date" | "bytes" | "string[]" | "json";
interface ColumnShape {
  kind: Kind;
  nullable: boolean;
}
type TableShapes = Record<string, Record<string, ColumnShape>>;

/** The tables of the `Database` interface and, for each column, what a select gives back. */
function declaredTables(): TableShapes {
  const source = ts.createSourceFile(SCHEMA_FILE, fs.readFileSync(SCHEMA_FILE, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });

  /** The selected type: Generated<T> and ColumnType<T, …> select T; local aliases are followed. */
  const selected = (node: ts.TypeNode): ts.TypeNode[] => {
    if (ts.isUnionTypeNode(node)) return node.types.flatMap(selected);
    if (ts.isParenthesizedTypeNode(node)) return selected(node.type);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      if ((name === "Generated" || name === "ColumnType") && node.typeArguments) return selected(node.typeArguments[0]);
      const alias = aliases.get(name);
      if (alias) return selected(alias);
    }
    return [node];
  };

  const kindOf = (nodes: ts.TypeNode[]): Kind => {
    const texts = [...new Set(nodes.map((n) => (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) ? "string" : n.getText(source))))];
    if (texts.length !== 1) return "json";
    const [text] = texts;
    if (text === "string" || text === "number" || text === "boolean" || text === "string[]") return text;
    if (text === "Date") return "date";
    if (text === "Buffer") return "bytes";
    return "json";
  };

  const database = interfaces.get("Database");
  if (!database) throw new Error("schema.ts has no Database interface");
  const tables: TableShapes = {};
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const tableName = member.name.getText(source);
    const rowInterface = interfaces.get(member.type.getText(source));
    if (!rowInterface) throw new Error(`Database.${tableName} names no interface of schema.ts`);
    tables[tableName] = {};
    for (const column of rowInterface.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const nodes = selected(column.type);
      const nullable = nodes.some((n) => n.kind === ts.SyntaxKind.LiteralType && (n as ts.LiteralTypeNode).literal.kind === ts.SyntaxKind.NullKeyword);
      const values = nodes.filter((n) => !(ts.isLiteralTypeNode(n) && n.literal.kind === ts.SyntaxKind.NullKeyword));
      tables[tableName][column.name.getText(source)] = { kind: kindOf(values), nullable };
    }
  }
  return tables;
}

/** What the drivers (pg and PGlite, as configured in db/database.ts) give back for a column type. */
function kindOfColumn(dataType: string, udtName: string): Kind {
  switch (dataType) {
    case "text":
    case "character varying":
    case "uuid":
    case "bigint": // int8 comes back as a string so no precision is lost
      return "string";
    case "integer":
    case "smallint":
    case "double precision":
    case "real":
      return "number";
    case "boolean":
      return "boolean";
    case "timestamp with time zone":
    case "timestamp without time zone":
      return "date";
    case "bytea":
      return "bytes";
    case "jsonb":
    case "json":
      return "json";
    case "ARRAY":
      return udtName === "_text" ? "string[]" : "json";
    default:
      throw new Error(`no TypeScript kind known for the column type ${dataType}`);
  }
}

async function migratedTables(database: TestDatabase): Promise<TableShapes> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string }>`
    SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(database.db);
  const tables: TableShapes = {};
  for (const row of rows) {
    tables[row.table_name] ??= {};
    tables[row.table_name][row.column_name] = { kind: kindOfColumn(row.data_type, row.udt_name), nullable: row.is_nullable === "YES" };
  }
  return tables;
}

describe("gateway/db/schema.ts against the migrated database", () => {
  let database: TestDatabase;
  let declared: TableShapes;
  let migrated: TableShapes;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    declared = declaredTables();
    migrated = await migratedTables(database);
  });
  afterAll(() => database?.dispose());

  it("declares every table the migrations create, and no other", () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
  });

  it("declares each table's columns with the database's names, nullability and value kinds", () => {
    for (const table of Object.keys(migrated)) {
      expect({ table, columns: declared[table] }).toEqual({ table, columns: migrated[table] });
    }
  });
});
