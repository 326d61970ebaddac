import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql module for TypeGraphQL and the tests (else "from another module or realm").
    alias: { graphql: require.resolve("graphql/index.js") },
  },
  test: {
    include: ["tests/**/*.test.ts", "gateway/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    // Creating a database (PGlite in WebAssembly or a fresh PostgreSQL database) takes seconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
