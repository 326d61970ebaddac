#!/usr/bin/env node
// The least JavaScript a browser-hydrated page can download with the shop's stack (React 19's
// hydrateRoot, React Router's declarative router (smaller than its data router; the shop's), Apollo Client 4 with its normalized cache and React hooks,
// Chakra UI 3's style system): a page with one route, one query, one link and one styled box, built
// by Vite as the shop is (production, minified, the same React plugin). Nothing of the shop's own is
// in it, and Chakra gets only its base config (no theme tokens, no recipes), so any real storefront
// on this stack downloads more. Sizes are gzip level 9, as scripts/bundle-size.mjs counts them.
//
// `node scripts/stack-floor.mjs` prints each library's share and the total against 150 kB.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";
import react from "@vitejs/plugin-react";

const TARGET_BYTES = 150 * 1000;
const repository = path.resolve(import.meta.dirname, "..");
// Inside node_modules so the entry resolves the repository's packages; never committed.
const work = path.join(repository, "node_modules/.cache/stack-floor");
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

// A pre-parsed document, as codegen emits them (web/src/gql): no GraphQL parser in the browser.
const ENTRY = `
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter, Link, Route, Routes, useParams } from "react-router-dom";
import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { ApolloProvider, useQuery } from "@apollo/client/react";
import { Box, ChakraProvider, createSystem, defaultBaseConfig } from "@chakra-ui/react";

const FloorQuery = {
  kind: "Document",
  definitions: [{
    kind: "OperationDefinition",
    operation: "query",
    name: { kind: "Name", value: "Floor" },
    selectionSet: { kind: "SelectionSet", selections: [{ kind: "Field", name: { kind: "Name", value: "shopName" } }] },
  }],
};

function Page() {
  const { data } = useQuery(FloorQuery);
  const { handle } = useParams();
  return <Box padding="4" color="red.500"><Link to="/shop">{data?.shopName ?? handle}</Link></Box>;
}

const client = new ApolloClient({ cache: new InMemoryCache(), link: new HttpLink({ uri: "/graphql" }) });
const system = createSystem(defaultBaseConfig);

hydrateRoot(
  document.getElementById("root"),
  <ApolloProvider client={client}>
    <ChakraProvider value={system}>
      <BrowserRouter>
        <Routes>
          <Route path="/product/:handle" element={<Page />} />
        </Routes>
      </BrowserRouter>
    </ChakraProvider>
  </ApolloProvider>,
);
`;

fs.writeFileSync(path.join(work, "entry.jsx"), ENTRY);

// One chunk per library, as the shop's build splits them (web/vite.config.ts), so the shares read alike.
const LIBRARIES = [
  ["react", /node_modules\/(react|react-dom|scheduler)\//],
  ["apollo", /node_modules\/(@apollo|graphql|rxjs|optimism|@wry|tslib|zen-observable)/],
  ["router", /node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//],
  ["chakra", /node_modules\/(@chakra-ui|@emotion|@pandacss|@ark-ui|@zag-js|stylis|react-is|hoist-non-react-statics|@floating-ui|@internationalized|@swc)\//],
];

await build({
  configFile: false,
  root: work,
  logLevel: "warn",
  mode: "production",
  plugins: [react()],
  build: {
    outDir: path.join(work, "dist"),
    emptyOutDir: true,
    minify: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: path.join(work, "entry.jsx"),
      output: {
        entryFileNames: "entry.js",
        chunkFileNames: "[name].js",
        codeSplitting: { groups: LIBRARIES.map(([name, test]) => ({ name, test })) },
      },
    },
  },
});

const dist = path.join(work, "dist");
const rows = fs
  .readdirSync(dist)
  .filter((file) => file.endsWith(".js"))
  .map((file) => {
    const body = fs.readFileSync(path.join(dist, file));
    return [file.replace(/\.js$/, ""), body.length, zlib.gzipSync(body, { level: 9 }).length];
  })
  .sort((a, b) => b[2] - a[2]);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const [name, size, zipped] of rows) console.log(`  ${name.padEnd(10)} ${kB(size).padStart(10)}  gzip ${kB(zipped).padStart(9)}`);
const gzip = rows.reduce((sum, [, , zipped]) => sum + zipped, 0);
const verdict = gzip > TARGET_BYTES ? `${kB(gzip - TARGET_BYTES)} over` : `${kB(TARGET_BYTES - gzip)} under`;
console.log(`The stack's floor (one route, one query, one styled box): ${kB(gzip)} gzip, ${verdict} ${kB(TARGET_BYTES)} before any of the shop's code.`);
