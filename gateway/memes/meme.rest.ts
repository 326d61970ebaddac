import { Router } from "express";
import { route } from "../http/errors.js";
import { notFound } from "../shared/errors.js";
import { intParam } from "../http/params.js";
import { restPageInfo } from "../http/page-info.js";
import type { MemeRecord } from "./meme.records.js";
import type { MemeService } from "./meme.service.js";
import { MemePageArgs } from "./meme.types.js";
import { parseInput } from "../shared/validation.js";

function toMemeJson(meme: MemeRecord) {
  return {
    id: meme.id,
    title: meme.title,
    description: meme.description,
    imageUrl: meme.imageUrl,
    tags: meme.tags,
    productHandle: meme.productHandle,
  };
}

/** spec §7 meme paths. */
export function memeRoutes(memes: MemeService): Router {
  const router = Router();

  router.get(
    "/memes",
    route(async (req, res) => {
      const page = await memes.listMemes(parseInput(MemePageArgs, { page: intParam(req, "page"), pageSize: intParam(req, "pageSize") }));
      res.json({ memes: page.items.map(toMemeJson), pageInfo: restPageInfo(page) });
    }),
  );

  router.get(
    "/featured-meme",
    route(async (_req, res) => {
      const meme = await memes.featuredMeme();
      if (!meme) throw notFound("No featured meme available");
      res.json(toMemeJson(meme));
    }),
  );

  router.get(
    "/meme/:id",
    route(async (req, res) => {
      const meme = await memes.findMeme(String(req.params.id));
      if (!meme) throw notFound("Meme not found");
      res.json(toMemeJson(meme));
    }),
  );

  return router;
}
