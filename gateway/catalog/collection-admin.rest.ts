import { route } from "../http/errors.js";
import { readMultipart } from "../http/multipart.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { requireShopAccess, shopPrincipal, type PrincipalResolver } from "../sessions/shop-access.js";
import { actorOf } from "../shared/actor.js";
import { parseInput } from "../shared/validation.js";
import { CATALOG_IMAGE_WIDTHS } from "./catalog-image.js";
import { IMAGE_MB as MB, IMAGE_SOURCES_JSON, IMAGE_UPLOAD_REFUSALS, imageSourcesJson, imageUploadSpec } from "./catalog-image-upload.js";
import type { AdminCollectionImageRecord } from "./collection-admin.records.js";
import type { CollectionAdminService } from "./collection-admin.service.js";
import { CollectionImageUploadInput } from "./collection-admin.types.js";

/** The collection's image as the upload answers it (the admin's AdminCollectionImage, as JSON). */
const COLLECTION_IMAGE_JSON = {
  title: "AdminCollectionImage",
  description: "A collection's image as staff manage it: the original as kept, and the sizes made of it.",
  type: "object",
  required: ["url", "width", "height", "sources"],
  additionalProperties: false,
  properties: {
    url: { type: "string", description: "The original as kept (re-encoded in its own format), relative to the shop's origin; content-addressed." },
    width: { type: ["integer", "null"], minimum: 1 },
    height: { type: ["integer", "null"], minimum: 1 },
    sources: IMAGE_SOURCES_JSON,
  },
};

const uploadImage: ApiOperation = {
  method: "post",
  path: "/admin/collections/:id/image",
  tag: "admin",
  summary: "Set a collection's image",
  description:
    `For a staff session (either role; the session cookie, from the shop's own pages) or \`Authorization: Bearer\` with an API token holding catalog:write. ` +
    "The body is multipart/form-data with the file image. It is checked as a product image is: JPEG, PNG or WebP by its content, " +
    `at most ${MB} MB and 50 megapixels, decoding whole; kept re-encoded without metadata and resized once into WebP copies ${CATALOG_IMAGE_WIDTHS.join(", ")} px wide, ` +
    "at content-addressed paths under /media/collections/. It replaces the collection's image (the old files are removed unless something else shows them).",
  params: { id: "The collection's id." },
  body: { multipart: CollectionImageUploadInput },
  responses: {
    200: jsonAnswer("The collection's new image.", COLLECTION_IMAGE_JSON),
    400: errorAnswer("The body is not multipart/form-data, the image is missing, not a JPEG, PNG or WebP image, or does not decode whole (`field` names the part)."),
    ...IMAGE_UPLOAD_REFUSALS,
    404: errorAnswer('No collection has this id ("No collection with this id").'),
  },
};

export const COLLECTION_ADMIN_API = [uploadImage];

const IMAGE_UPLOAD = imageUploadSpec([], 1024, (name) => `${name} is too long`);

function toImageJson(image: AdminCollectionImageRecord) {
  return { url: image.url, width: image.width, height: image.height, sources: imageSourcesJson(image.sources) };
}

/** POST /api/admin/collections/{id}/image (multipart): the shop's side, guarded before the body is read. */
export function collectionAdminRoutes(collections: CollectionAdminService, principalFor: PrincipalResolver) {
  const api = describedRouter(COLLECTION_ADMIN_API);
  api.on(
    uploadImage,
    requireShopAccess(principalFor, ["staff", "catalog:write"]),
    route(async (req, res) => {
      const { files } = await readMultipart(req, IMAGE_UPLOAD);
      const input = parseInput(CollectionImageUploadInput, { image: files.image });
      const collection = await collections.setImage(String(req.params.id), input.image, actorOf(shopPrincipal(req)));
      res.status(200).json(toImageJson(collection.image!));
    }),
  );
  return api.done();
}
