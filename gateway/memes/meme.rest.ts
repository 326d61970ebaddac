import type { Router } from "express";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, listOf, NOT_MODIFIED, type ApiOperation } from "../http/openapi.js";
import { notFound } from "../shared/errors.js";
import { intParam } from "../http/params.js";
import { PAGE_INFO_JSON, restPageInfo } from "../http/page-info.js";
import { unavailableReason, type MemeRecord } from "./meme.records.js";
import type { MemeService } from "./meme.service.js";
import { MemePageArgs } from "./meme.types.js";
import { parseInput } from "../shared/validation.js";

const text = { type: "string" };

/** toMemeJson's shape as JSON Schema. */
const MEME_JSON = {
  title: "Meme",
  type: "object",
  required: ["id", "title", "description", "imageUrl", "tags", "productHandle", "unavailableReason"],
  additionalProperties: false,
  properties: {
    id: text,
    title: text,
    description: text,
    imageUrl: text,
    tags: { type: "array", items: text },
    productHandle: { type: ["string", "null"], description: 'The current handle of the product it is printed on; null when none is on sale ("Not Available").' },
    unavailableReason: {
      type: ["string", "null"],
      description: 'Why it is "Not Available", in words for its card ("This meme isn\'t available as a product yet.", "Its product isn\'t on sale yet.", "Its product is no longer sold."); null when productHandle is not.',
    },
  },
};

const tag = "memes";

const memeList: ApiOperation = {
  method: "get",
  path: "/memes",
  tag,
  summary: "The meme gallery, a page at a time",
  description: "Memes, newest first, with where the page sits (spec §7: {memes[], pageInfo.totalPages}).",
  query: MemePageArgs,
  responses: {
    200: jsonAnswer("A page of memes.", {
      title: "MemePage",
      type: "object",
      required: ["memes", "pageInfo"],
      additionalProperties: false,
      properties: { memes: listOf(MEME_JSON), pageInfo: PAGE_INFO_JSON },
    }),
    304: NOT_MODIFIED,
    400: errorAnswer("page is below 1 or pageSize outside 1–100 (`field` names it)."),
  },
};

const featuredMeme: ApiOperation = {
  method: "get",
  path: "/featured-meme",
  tag,
  summary: "The featured meme",
  description: "The meme the home page features.",
  responses: { 200: jsonAnswer("The featured meme.", MEME_JSON), 304: NOT_MODIFIED, 404: errorAnswer("No meme is featured.") },
};

const meme: ApiOperation = {
  method: "get",
  path: "/meme/:id",
  tag,
  summary: "One meme",
  description: "A meme by its id.",
  params: { id: "The meme's id." },
  responses: { 200: jsonAnswer("The meme.", MEME_JSON), 304: NOT_MODIFIED, 404: errorAnswer('No meme has this id ("Meme not found").') },
};

export const MEMES_API = [memeList, featuredMeme, meme];

function toMemeJson(meme: MemeRecord) {
  return {
    id: meme.id,
    title: meme.title,
    description: meme.description,
    imageUrl: meme.imageUrl,
    tags: meme.tags,
    productHandle: meme.productHandle,
    unavailableReason: unavailableReason(meme.availability),
  };
}

/** spec §7 meme paths. */
export function memeRoutes(memes: MemeService): Router {
  const api = describedRouter(MEMES_API);

  api.on(
    memeList,
    route(async (req, res) => {
      const page = await memes.listMemes(parseInput(MemePageArgs, { page: intParam(req, "page"), pageSize: intParam(req, "pageSize") }));
      res.json({ memes: page.items.map(toMemeJson), pageInfo: restPageInfo(page) });
    }),
  );

  api.on(
    featuredMeme,
    route(async (_req, res) => {
      const meme = await memes.featuredMeme();
      if (!meme) throw notFound("No featured meme available");
      res.json(toMemeJson(meme));
    }),
  );

  api.on(
    meme,
    route(async (req, res) => {
      const meme = await memes.findMeme(String(req.params.id));
      if (!meme) throw notFound("Meme not found");
      res.json(toMemeJson(meme));
    }),
  );

  return api.done();
}
