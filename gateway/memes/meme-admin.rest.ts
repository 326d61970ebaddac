import { route } from "../http/errors.js";
import { readMultipart } from "../http/multipart.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { requireShopAccess, shopPrincipal, type PrincipalResolver } from "../sessions/shop-access.js";
import { actorOf } from "../shared/actor.js";
import { parseInput } from "../shared/validation.js";
import { IMAGE_MB as MB, IMAGE_UPLOAD_REFUSALS, imageUploadSpec } from "../catalog/catalog-image-upload.js";
import type { AdminMemeRecord } from "./meme.records.js";
import { unavailableReason } from "./meme.records.js";
import type { MemeAdminService } from "./meme-admin.service.js";
import { MemeImageUploadInput } from "./meme-admin.types.js";

/** The meme as the upload answers it (the admin's AdminMeme, as JSON). */
function toAdminMemeJson(meme: AdminMemeRecord) {
  return {
    id: meme.id,
    title: meme.title,
    description: meme.description,
    imageUrl: meme.imageUrl,
    tags: meme.tags,
    product: meme.product,
    availability: meme.availability,
    unavailableReason: unavailableReason(meme.availability),
    featured: meme.featured,
  };
}

const text = { type: "string" };

/** toAdminMemeJson's shape as JSON Schema. */
const ADMIN_MEME_JSON = {
  title: "AdminMeme",
  description: "A meme as staff manage it.",
  type: "object",
  required: ["id", "title", "description", "imageUrl", "tags", "product", "availability", "unavailableReason", "featured"],
  additionalProperties: false,
  properties: {
    id: text,
    title: text,
    description: text,
    imageUrl: { type: "string", description: "The image as kept (re-encoded in its own format), relative to the shop's origin; content-addressed." },
    tags: { type: "array", items: text },
    product: {
      type: ["object", "null"],
      description: "The product it is linked to, in any status; null when none.",
      required: ["id", "handle", "title", "status"],
      additionalProperties: false,
      properties: { id: text, handle: text, title: text, status: { enum: ["DRAFT", "ACTIVE", "ARCHIVED"] } },
    },
    availability: { enum: ["AVAILABLE", "NO_PRODUCT", "PRODUCT_NOT_YET_ON_SALE", "PRODUCT_NO_LONGER_SOLD"] },
    unavailableReason: { type: ["string", "null"], description: 'Why shoppers see "Not Available"; null when they can buy it.' },
    featured: { type: "boolean", description: "Whether it is the meme of the week." },
  },
};

const uploadImage: ApiOperation = {
  method: "post",
  path: "/admin/memes/:id/image",
  tag: "admin",
  summary: "Set a meme's image",
  description:
    "For a staff session (either role; the session cookie, from the shop's own pages) or `Authorization: Bearer` with an API token holding catalog:write. " +
    "The body is multipart/form-data with the file image. It is checked by its content like a product image: JPEG, PNG or WebP, " +
    `at most ${MB} MB and 50 megapixels, decoding whole; kept re-encoded in its own format (upright, without metadata, at most 1600 px on its longest side) ` +
    "at a content-addressed path under /media/memes/. It replaces the meme's image (the one before is removed unless something else shows it); " +
    "a meme staff made is shown to shoppers from then on. " +
    "Besides a request from another site, 403 answers a customer's session, a token without catalog:write, and a staff member who must set up two-factor sign-in first.",
  params: { id: "The meme's id." },
  body: { multipart: MemeImageUploadInput },
  responses: {
    200: jsonAnswer("The meme with its new image.", ADMIN_MEME_JSON),
    400: errorAnswer("The body is not multipart/form-data, the image is missing, not a JPEG, PNG or WebP image, or does not decode whole (`field` names the part)."),
    ...IMAGE_UPLOAD_REFUSALS,
    404: errorAnswer('No meme has this id ("No meme with this id").'),
  },
};

export const MEME_ADMIN_API = [uploadImage];

const IMAGE_UPLOAD = imageUploadSpec([], 0, (name) => `${name} is not expected`);

/** POST /api/admin/memes/{id}/image (multipart): the shop's side, guarded before the body is read. */
export function memeAdminRoutes(memes: MemeAdminService, principalFor: PrincipalResolver) {
  const api = describedRouter(MEME_ADMIN_API);
  api.on(
    uploadImage,
    requireShopAccess(principalFor, ["staff", "catalog:write"]),
    route(async (req, res) => {
      const { files } = await readMultipart(req, IMAGE_UPLOAD);
      const input = parseInput(MemeImageUploadInput, { image: files.image });
      const meme = await memes.uploadImage(String(req.params.id), input.image, actorOf(shopPrincipal(req)));
      res.json(toAdminMemeJson(meme));
    }),
  );
  return api.done();
}
