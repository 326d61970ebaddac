import type { Router } from "express";
import { errorAnswer, describedRouter, type ApiOperation } from "../http/openapi.js";
import { route } from "../http/errors.js";
import { notFound } from "../shared/errors.js";
import { MEDIA_CONTENT_SECURITY_POLICY } from "../http/security-headers.js";
import type { MediaFile, MediaRepository } from "./media.repository.js";
import { RasterCopies, svgPathForRaster } from "./media.raster.js";
import { isContentAddressed } from "./media-paths.js";

const MEDIA_PATH = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

const mediaFile: ApiOperation = {
  method: "get",
  path: "/{*path}",
  tag: "media",
  summary: "A catalog image",
  description:
    "An image of the catalog (products, collections, memes) by its path, which may hold slashes; cached for a day and revalidated by ETag. An SVG's path with .png instead answers a PNG copy of it, for link previews. An uploaded product image and its sizes have content-addressed paths (products/{hash}.{ext}, products/{hash}-{width}.webp): what such a path serves never changes, so it is cached for a year as immutable.",
  params: { path: 'The image\'s path below /media/, e.g. "products/red-tape-sticker-pack.svg".' },
  responses: {
    200: {
      description: "The image.",
      content: {
        "image/svg+xml": { type: "string" },
        "image/png": { type: "string", contentMediaType: "image/png" },
        "image/jpeg": { type: "string", contentMediaType: "image/jpeg" },
        "image/webp": { type: "string", contentMediaType: "image/webp" },
      },
    },
    304: { description: "Not modified: the image the If-None-Match header names (its ETag) is still current." },
    404: errorAnswer('No image has this path ("Image not found").'),
  },
};

export const MEDIA_API = [mediaFile];

/**
 * GET /media/{path}: images kept in the database, cached by browsers and revalidated by ETag (for a
 * year, immutable, at a content-addressed path). An SVG's `.png` address answers its PNG copy for
 * link previews (media.raster.ts).
 */
export function mediaRoutes(media: MediaRepository, rasters = new RasterCopies()): Router {
  const api = describedRouter(MEDIA_API);
  const findFile = async (path: string): Promise<MediaFile | null> => {
    const file = await media.findByPath(path);
    if (file) return file;
    const svgPath = svgPathForRaster(path);
    const svg = svgPath ? await media.findByPath(svgPath) : null;
    if (!svg || svg.contentType !== "image/svg+xml") return null;
    const body = await rasters.pngOf(svg).catch(() => null);
    return body && { path, contentType: "image/png", body, etag: `${svg.etag}-png` };
  };
  api.on(
    mediaFile,
    route(async (req, res) => {
      const path = ([] as string[]).concat(req.params.path ?? []).join("/");
      if (!MEDIA_PATH.test(path) || path.includes("..")) throw notFound("Image not found");
      const file = await findFile(path);
      if (!file) throw notFound("Image not found");
      const etag = `"${file.etag}"`;
      res.setHeader("ETag", etag);
      // A content-addressed path never serves other bytes: a changed image is a new path.
      res.setHeader("Cache-Control", isContentAddressed(file.path) ? "public, max-age=31536000, immutable" : "public, max-age=86400");
      res.setHeader("Content-Security-Policy", MEDIA_CONTENT_SECURITY_POLICY);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (req.get("if-none-match") === etag) {
        res.status(304).end();
        return;
      }
      res.type(file.contentType).send(file.body);
    }),
  );
  return api.done();
}
