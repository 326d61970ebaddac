import { route } from "../http/errors.js";
import { readMultipart } from "../http/multipart.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { requireShopAccess, shopPrincipal, type PrincipalResolver } from "../sessions/shop-access.js";
import { actorOf } from "../shared/actor.js";
import { parseInput } from "../shared/validation.js";
import { IMAGE_MB as MB, IMAGE_SOURCES_JSON, IMAGE_UPLOAD_REFUSALS, imageSourcesJson, imageUploadSpec } from "./catalog-image-upload.js";
import type { AdminImageRecord } from "./product-admin.records.js";
import { PRODUCT_IMAGE_WIDTHS, type ProductImagesService } from "./product-images.service.js";
import { MAX_ALT_TEXT_LENGTH, ProductImageUploadInput } from "./product-images.types.js";

/** The image as the upload answers it (the admin's AdminImage, as JSON). */
function toImageJson(image: AdminImageRecord) {
  return {
    id: image.id,
    url: image.url,
    altText: image.altText,
    position: image.position,
    width: image.width,
    height: image.height,
    sources: imageSourcesJson(image.sources),
  };
}

/** toImageJson's shape as JSON Schema. */
const ADMIN_IMAGE_JSON = {
  title: "AdminImage",
  description: "A product image as staff manage it: the original as kept, and the sizes made of it.",
  type: "object",
  required: ["id", "url", "altText", "position", "width", "height", "sources"],
  additionalProperties: false,
  properties: {
    id: { type: "string", description: "The image's id." },
    url: { type: "string", description: "The original as kept (re-encoded in its own format), relative to the shop's origin; content-addressed." },
    altText: { type: "string" },
    position: { type: "integer", minimum: 1, description: "Its place in the product's gallery (the new image comes last)." },
    width: { type: ["integer", "null"], minimum: 1 },
    height: { type: ["integer", "null"], minimum: 1 },
    sources: IMAGE_SOURCES_JSON,
  },
};

const uploadImage: ApiOperation = {
  method: "post",
  path: "/admin/products/:id/images",
  tag: "admin",
  summary: "Add an image to a product",
  description:
    `For a staff session (either role; the session cookie, from the shop's own pages) or \`Authorization: Bearer\` with an API token holding catalog:write. ` +
    `The body is multipart/form-data: the file image (required) and the field altText (optional, at most ${MAX_ALT_TEXT_LENGTH} characters). ` +
    `The image is checked by its content: JPEG, PNG or WebP, at most ${MB} MB and 50 megapixels, decoding whole. It is kept re-encoded in its own format ` +
    `(upright by its EXIF orientation, without metadata) and resized once into WebP copies ${PRODUCT_IMAGE_WIDTHS.join(", ")} px wide (never wider than the original), ` +
    "all at content-addressed paths under /media/products/ (cached for a year: a new image is a new address). It comes last in the product's gallery. " +
    "Besides a request from another site, 403 answers a customer's session, a token without catalog:write, and a staff member who must set up two-factor sign-in first.",
  params: { id: "The product's id." },
  body: { multipart: ProductImageUploadInput },
  responses: {
    201: jsonAnswer("The image added.", ADMIN_IMAGE_JSON),
    400: errorAnswer("The body is not multipart/form-data, the image is missing, not a JPEG, PNG or WebP image, or does not decode whole, or altText is too long (`field` names the part)."),
    ...IMAGE_UPLOAD_REFUSALS,
    404: errorAnswer('No product has this id ("No product with this id").'),
    409: errorAnswer("The product has as many images as a product may have."),
  },
};

export const PRODUCT_IMAGES_API = [uploadImage];

// altText's characters as UTF-8 take at most 4 bytes each.
const IMAGE_UPLOAD = imageUploadSpec(["altText"], 4 * MAX_ALT_TEXT_LENGTH, (name) => `${name} must be at most ${MAX_ALT_TEXT_LENGTH} characters`);

/** POST /api/admin/products/{id}/images (multipart): the shop's side, guarded before the body is read. */
export function productImageRoutes(images: ProductImagesService, principalFor: PrincipalResolver) {
  const api = describedRouter(PRODUCT_IMAGES_API);
  api.on(
    uploadImage,
    requireShopAccess(principalFor, ["staff", "catalog:write"]),
    route(async (req, res) => {
      const { files, fields } = await readMultipart(req, IMAGE_UPLOAD);
      const input = parseInput(ProductImageUploadInput, { image: files.image, altText: fields.altText });
      const { image } = await images.upload(String(req.params.id), { image: input.image, altText: input.altText?.trim() ?? "" }, actorOf(shopPrincipal(req)));
      res.status(201).json(toImageJson(image!));
    }),
  );
  return api.done();
}
