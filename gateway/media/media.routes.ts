import { Router } from "express";
import { route } from "../http/errors.js";
import { notFound } from "../shared/errors.js";
import { MEDIA_CONTENT_SECURITY_POLICY } from "../http/security-headers.js";
import type { MediaRepository } from "./media.repository.js";

const MEDIA_PATH = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

/** GET /media/{path}: images kept in the database, cached by browsers and revalidated by ETag. */
export function mediaRoutes(media: MediaRepository): Router {
  const router = Router();
  router.get(
    "/{*path}",
    route(async (req, res) => {
      const path = ([] as string[]).concat(req.params.path ?? []).join("/");
      if (!MEDIA_PATH.test(path) || path.includes("..")) throw notFound("Image not found");
      const file = await media.findByPath(path);
      if (!file) throw notFound("Image not found");
      const etag = `"${file.etag}"`;
      res.setHeader("ETag", etag);
      res.setHeader("Cache-Control", "public, max-age=86400");
      res.setHeader("Content-Security-Policy", MEDIA_CONTENT_SECURITY_POLICY);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (req.get("if-none-match") === etag) {
        res.status(304).end();
        return;
      }
      res.type(file.contentType).send(file.body);
    }),
  );
  return router;
}
