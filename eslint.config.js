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
              importNames: ["Alert", "Breadcrumb", "Fieldset", "NativeSelect", "Progress", "Table", "Tabs"],
              message: "Import it from web/src/components/ui/recipes/ (its recipe is not in the shop's system).",
            },
          ],
        },
      ],
    },
  },
]);
