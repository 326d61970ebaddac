// ESLint: the recommended JavaScript and typescript-eslint rules everywhere, the React hooks rules
// (including the React Compiler's) in the client, and no work notes in comments or test names
// (eslint/work-notes.js). Layering is checked by dependency-cruiser
// (.dependency-cruiser.cjs) and unused files/exports/dependencies by knip (knip.json).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { workNotesPlugin } from "./eslint/work-notes.js";

/** A type annotation naming a database handle (Kysely's `Kysely`, `Transaction` or `ControlledTransaction`). */
const DATABASE_TYPE = "TSTypeReference[typeName.name=/^(Kysely|Transaction|ControlledTransaction)$/]";
const DATABASE_PARAMETER_MESSAGE =
  "A database parameter is never optional, defaulted or `| undefined`: take the caller's transaction as a required `trx: Transaction<Database>` (the last parameter), or use the repository's own `this.db` (docs/architecture.md, \"Transactions\").";

export default defineConfig([
  globalIgnores(["dist/**", "web/dist/**", "web/src/gql/**", "web/src/features/admin/gql/**", "data/**", "coverage/**", "**/*.d.ts"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { notes: workNotesPlugin },
    rules: {
      "notes/no-work-notes": "error",
      // Unused bindings are errors, except the deliberate `_name` and rest-sibling omissions.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["gateway/**", "tests/**", "bench/**", "scripts/**", "eslint/**", "*.{js,cjs,ts}", ".*.cjs"],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read untyped JSON answers of the API; `any` there is the honest type.
    files: ["tests/**", "web/tests/**", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // On PGlite (one connection) a query outside the caller's transaction waits for it forever: a
    // function that runs in its caller's transaction takes `trx: Transaction<Database>`, required
    // (docs/architecture.md, "Transactions"). These catch the ways a database parameter was made
    // skippable: optional, defaulted (`= this.db`), or `| undefined` / `| null`.
    files: ["gateway/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          `Identifier[optional=true] > TSTypeAnnotation > ${DATABASE_TYPE}, Identifier[optional=true] > TSTypeAnnotation > TSUnionType > ${DATABASE_TYPE}`,
          `AssignmentPattern > Identifier.left > TSTypeAnnotation > ${DATABASE_TYPE}, AssignmentPattern > Identifier.left > TSTypeAnnotation > TSUnionType > ${DATABASE_TYPE}`,
          `AssignmentPattern:not([left.typeAnnotation])[right.object.type="ThisExpression"][right.property.name="db"]`,
          `:not(VariableDeclarator, AssignmentPattern) > Identifier:not([optional=true]) > TSTypeAnnotation > TSUnionType:has(TSUndefinedKeyword, TSNullKeyword) > ${DATABASE_TYPE}`,
        ].map((selector) => ({ selector, message: DATABASE_PARAMETER_MESSAGE })),
      ],
    },
  },
  {
    // Runs in the browser: the theme script before the app, and page.evaluate bodies in scripts.
    files: ["web/public/**/*.js", "scripts/**/*.mjs"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // These components' recipes are not in the shop's Chakra system (web/src/theme/system.ts):
    // imported from @chakra-ui/react they would render unstyled. web/src/components/ui/recipes/ has them
    // with their recipe, which then travels in the chunk of the screen that shows them.
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/src/components/ui/recipes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@chakra-ui/react",
              importNames: ["Alert", "Breadcrumb", "Checkbox", "Fieldset", "NativeSelect", "Progress", "Table", "Tabs", "Textarea"],
              message: "Import it from web/src/components/ui/recipes/ (its recipe is not in the shop's system).",
            },
          ],
        },
      ],
    },
  },
]);
