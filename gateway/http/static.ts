import fs from "node:fs";
import path from "node:path";
import express, { Router } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The built client's index.html, read once at start: the page every HTML answer is made from, and
 * what the Content-Security-Policy's script hashes are computed from (the same bytes, so they
 * cannot drift apart while the gateway runs). Null when the client has not been built.
 */
export function readClientShell(distDir: string | null): string | null {
  const indexPath = distDir ? path.join(distDir, "index.html") : null;
  return indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, "utf8") : null;
}

/**
 * The built client on the same origin: hashed assets cached for a year, served from the brotli or
 * gzip copy the build wrote beside them when the browser accepts it (Content-Encoding, Vary:
 * Accept-Encoding); then the pages: rendered on the gateway by `pages` (gateway/ssr) when the
 * build has its renderer, else every browser route answered with `shell`, the build's index.html
 * (the client renders its own 404).
 */
export function clientRoutes(distDir: string | null, shell: string | null, pages: Router | null = null): Router {
  const router = Router();

  if (distDir && fs.existsSync(distDir)) {
    router.use(
      "/assets",
      expressStaticGzip(path.join(distDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "365d", index: false, fallthrough: false },
      }),
    );
    // The build's top-level files and folders (favicon.svg, images/…, from web/public)
    // as they were at start: any other path is a page, and asking the disk about it first (a stat
    // per page request, even when the page comes from memory) cost a cached page a quarter of its
    // CPU time.
    const topLevel = new Set(fs.readdirSync(distDir).filter((name) => !name.startsWith(".")));
    const files = express.static(distDir, { index: false, maxAge: "1h" });
    router.use((req, res, next) => (topLevel.has(req.path.split("/")[1] ?? "") ? files(req, res, next) : next()));
  }

  if (pages) {
    router.use(pages);
    return router;
  }
  router.get("/{*splat}", (_req, res) => {
    if (shell === null) {
      res
        .status(503)
        .type("text/plain")
        .send("The storefront client has not been built. Run `npm run build:web` (npm start does it for you).");
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(shell);
  });
  return router;
}
