import { createRequire } from "node:module";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          // One graphql module for TypeGraphQL and the tests (else "from another module or realm").
          alias: { graphql: require.resolve("graphql/index.js") },
        },
        test: {
          name: "gateway",
          include: ["tests/**/*.test.ts", "gateway/**/*.test.ts"],
          exclude: ["tests/e2e/**"],
          globalSetup: ["tests/support/global-setup.ts"],
          // Every REST answer a test receives is checked against the OpenAPI document (tests/support/contract.ts).
          setupFiles: ["tests/support/contract.ts"],
          // Creating a database (PGlite in WebAssembly or a fresh PostgreSQL database) takes seconds.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The React client's component tests, in jsdom.
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: ["web/src/**/*.test.{ts,tsx}", "web/tests/**/*.test.{ts,tsx}"],
          setupFiles: ["web/tests/setup.ts"],
          // A whole screen rendered in jsdom with Chakra takes a few seconds when the gateway's
          // tests share the machine's two cores; 5 s (the default) timed out there.
          testTimeout: 20_000,
        },
      },
      {
        // The shopper's journey in Chromium against a real gateway process; runs after the other
        // projects so it has the machine to itself.
        resolve: {
          // A journey that seeds its own data runs the gateway in its process (tests/e2e/discount-codes.test.ts).
          alias: { graphql: require.resolve("graphql/index.js") },
        },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
