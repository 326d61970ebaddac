// The V8 heap settings the supervisor (supervisor.ts) starts its workers with; bench/render.bench.ts
// renders with them too, as the shop's worker does.

/**
 * V8's heap limits for the one worker on the embedded database (docs/performance.md "Start-up and memory"). Under 32
 * connections V8 let the old generation fill with garbage promoted from the young generation up to
 * ~190 MiB before collecting, which with PGlite's 140 MiB heap put the worker at 300-400 MiB: a
 * 256 MiB old-generation ceiling (V8 then grows the heap by a smaller factor) keeps it near 300 MiB.
 * The young generation is 32 MiB: at 8 MiB (~200-220 MiB resident) a GraphQL list of 24 products
 * cost 20-25 % more CPU with the catalog caches off, nearly all of it scavenges of short-lived
 * request garbage; 32 MiB costs ~55 MiB more. The live heap is ~45 MiB (more once pages are rendered).
 */
export const EMBEDDED_WORKER_HEAP = ["--max-semi-space-size=32", "--max-old-space-size=256"];

/**
 * The old-generation ceiling for PostgreSQL's workers, whose young generation keeps V8's default
 * (there, CPU is what is short). Without a ceiling, a crawl of pages nobody asked for (32
 * connections on two workers) let each worker grow to ~570-660 MiB of garbage before V8 collected
 * it; with this one V8 grows the heap by smaller steps and a worker stays at ~300 MiB, the pages
 * per second within the run-to-run noise (docs/performance.md "The crawl"). The live heap, pages
 * kept included, is well under it.
 */
export const POSTGRES_WORKER_HEAP = ["--max-old-space-size=512"];
