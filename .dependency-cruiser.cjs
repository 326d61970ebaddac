// The layers of docs/architecture.md, as rules `npm run lint` enforces:
//   top (app, bootstrap, services, rest-api, graphql-server, ssr, scripts)
//     → features (one folder each: resolver/rest → service → repository)
//       → platform (graphql bottom, http, sessions)
//         → base (shared, then db; the leaves logger, config, within)
// Arrows only run downwards; a feature may use another feature's service and types, never its
// repository, resolver, REST adapter or pages; the client and the gateway never import each other
// (the server renderer alone loads the client's server entry).
// The client (web/src) the same way:
//   entries (main, start, entry-server, App, AppProviders, routes.tsx)
//     → routes/ (the screens)
//       → features/<name>/
//         → components/ (shared UI)
//           → lib/, theme/, gql/ (generated)
// Features (gateway's and client's alike) may use one another, but two feature folders never
// import each other, directly or through others.
const FEATURES = "(cart|catalog|checkout|customers|designs|media|memes|newsletter|orders|refunds|staff|fulfillment|jobs|notifications|promotions|admin-home)";
const TOP = "^gateway/((app|bootstrap|main|services|pipeline|supervisor|maintenance|rest-api)\\.ts$|graphql-server/|ssr/|scripts/)";
const PLATFORM = "^gateway/(graphql|http|sessions)/";
const BASE = "^gateway/(shared/|db/|logger\\.ts$|config\\.ts$|within\\.ts$)";
const WEB_TOP = "^web/src/[^/]+\\.tsx?$";
const WEB_BELOW_TOP = "(routes|features|components|lib|theme|gql)";
// A folder-scoped rule follows a folder's imports (its subfolders' included) to the folder each
// imported file sits in, so a feature's subfolder (checkout/pages/, fulfillment/partners/) is a node
// of its own: a cycle through it is seen when it imports back itself or imports its parent's files
// (checkout/pages/ does; fulfillment/ has no files outside partners/).
const FEATURE_FOLDERS = `^(gateway/${FEATURES}|web/src/features/[^/]+)(/|$)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: the layers are no longer a stack.",
      from: {},
      to: { circular: true },
    },
    {
      name: "nothing-imports-the-top",
      severity: "error",
      comment: "Only the composition root (app, bootstrap, services, the GraphQL server, ssr) wires features together.",
      from: { pathNot: TOP },
      to: { path: TOP },
    },
    {
      name: "platform-below-features",
      severity: "error",
      comment: "The GraphQL bottom, HTTP helpers and sessions serve every feature and know none of them.",
      from: { path: PLATFORM },
      to: { path: `^gateway/${FEATURES}/` },
    },
    {
      name: "base-below-everything",
      severity: "error",
      comment: "shared/, db/, the logger and the configuration are the floor: they import nothing above them.",
      from: { path: BASE },
      to: { path: `(^gateway/${FEATURES}/|${PLATFORM})` },
    },
    {
      name: "db-is-the-floor",
      severity: "error",
      comment: "db/ opens the database and holds its schema; it imports only the leaves (config, logger, within), never shared/.",
      from: { path: "^gateway/db/" },
      to: { path: "^gateway/shared/" },
    },
    {
      name: "no-other-feature-internals",
      severity: "error",
      comment: "Another feature is reached through its service or types, never its repository or transports.",
      from: { path: `^gateway/${FEATURES}/` },
      to: {
        path: "^gateway/[^/]+/.*\\.(repository|resolver|rest|pages)\\.ts$",
        pathNot: "^gateway/$1/",
      },
    },
    {
      name: "repository-below-service",
      severity: "error",
      comment: "A repository reads and writes; it never calls a service or a transport.",
      from: { path: "\\.repository\\.ts$" },
      to: { path: "\\.(service|resolver|rest|pages|view)\\.ts$" },
    },
    {
      name: "service-below-transport",
      severity: "error",
      comment: "A service holds the rules; GraphQL, REST and pages call it, never the other way round.",
      from: { path: "\\.service\\.ts$" },
      to: { path: "(\\.(resolver|rest|pages|view)\\.ts$|/pages/)" },
    },
    {
      name: "no-feature-folder-cycles",
      severity: "error",
      comment: "Two features that import each other (even through others) are one feature: move what both need down.",
      scope: "folder",
      from: { path: FEATURE_FOLDERS },
      to: { path: FEATURE_FOLDERS, circular: true },
    },
    {
      name: "client-entries-on-top",
      severity: "error",
      comment: "The client's entries (main, start, entry-server, App, AppProviders, the route table) put the shop together; nothing below imports them.",
      from: { path: `^web/src/${WEB_BELOW_TOP}/` },
      to: { path: WEB_TOP },
    },
    {
      name: "client-routes-above-features",
      severity: "error",
      comment: "A screen (routes/) uses features; features, shared components and lib/ never reach a screen.",
      from: { path: "^web/src/(features|components|lib|theme)/" },
      to: { path: "^web/src/routes/" },
    },
    {
      name: "client-features-above-components",
      severity: "error",
      comment: "Shared components and lib/ know no feature: what a feature adds to the layout comes in as props or slots.",
      from: { path: "^web/src/(components|lib|theme)/" },
      to: { path: "^web/src/features/" },
    },
    {
      name: "client-components-above-lib",
      severity: "error",
      comment: "lib/ and theme/ are the client's floor (helpers, the Chakra system): they render nothing and import no component.",
      from: { path: "^web/src/(lib|theme)/" },
      to: { path: "^web/src/components/" },
    },
    {
      name: "client-is-not-the-gateway",
      severity: "error",
      comment: "The browser's code never imports the gateway's.",
      from: { path: "^web/" },
      to: { path: "^gateway/" },
    },
    {
      name: "gateway-is-not-the-client",
      severity: "error",
      comment: "Only the server renderer loads the client (its server entry).",
      from: { path: "^gateway/", pathNot: "^gateway/ssr/" },
      to: { path: "^web/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^web/src/gql/|^web/src/features/admin/gql/|\\.test\\.tsx?$)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
