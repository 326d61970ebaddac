// `npm run build:gateway`, second step: bundles the gateway tsc compiled to dist/gateway (tsc keeps
// the decorator metadata TypeGraphQL reads; esbuild cannot emit it from TypeScript, but bundles the
// emitted JavaScript as it is) with its dependencies into dist/server: one start-up reads a few
// files instead of thousands (start-up CPU 1.7 s → 1.0 s, docs/performance.md "Start-up and memory").
// Left outside: PGlite (it loads its .wasm and data files next to its own module), graphql (one
// copy for the gateway and the server renderer in web/dist, which imports it too), pg-native (optional),
// @resvg/resvg-js and sharp (native modules they find by platform at run time), @apollo/utils.createhash (it
// uses node:crypto only when `module.require` exists, which a bundled CommonJS module lacks: inside
// the bundle every GraphQL request's query hash was computed by sha.js in JavaScript instead).
// Being loaded from node_modules at run time, it is listed in package.json (knip.json: no import names it).
import { build } from "esbuild";

await build({
  entryPoints: { main: "dist/gateway/main.js", supervisor: "dist/gateway/supervisor.js" },
  outdir: "dist/server",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["@electric-sql/pglite", "@electric-sql/pglite/*", "graphql", "pg-native", "@resvg/resvg-js", "sharp", "@apollo/utils.createhash"],
  // CommonJS dependencies inside an ES module bundle still call require and read __dirname.
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      'import { dirname as __pathDirname } from "node:path";',
      "const require = __createRequire(import.meta.url);",
      "const __filename = __fileURLToPath(import.meta.url);",
      "const __dirname = __pathDirname(__filename);",
    ].join(" "),
  },
  keepNames: true,
  sourcemap: true,
  logLevel: "warning",
});
