import { route } from "../http/errors.js";
import { readMultipart } from "../http/multipart.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { requireShopAccess, shopPrincipal, type PrincipalResolver } from "../sessions/shop-access.js";
import { actorOf } from "../shared/actor.js";
import { parseInput } from "../shared/validation.js";
import { IMAGE_MB as MB, IMAGE_UPLOAD_REFUSALS, imageUploadSpec } from "./catalog-image-upload.js";
import { MAX_OPTION_VALUE_LENGTH } from "./catalog-rules.js";
import type { AdminMockupRecord } from "./product-admin.records.js";
import { MAX_MOCKUP_SIDE, type ProductMockupsService } from "./product-mockups.service.js";
import { ProductMockupUploadInput } from "./product-mockups.types.js";

/** The blank as the upload answers it (the admin's AdminProductMockup, as JSON). */
function toMockupJson(mockup: AdminMockupRecord) {
  return { color: mockup.color, url: mockup.url, width: mockup.width, height: mockup.height, offered: mockup.offered };
}

/** toMockupJson's shape as JSON Schema. */
const ADMIN_MOCKUP_JSON = {
  title: "AdminProductMockup",
  description: "A product's blank mock-up (the item in one colour without a design), as staff manage it.",
  type: "object",
  required: ["color", "url", "width", "height", "offered"],
  additionalProperties: false,
  properties: {
    color: { type: ["string", "null"], description: "The Color option's value it shows, as the option spells it; null for a product without a Color option." },
    url: { type: "string", description: "The blank as kept, relative to the shop's origin; content-addressed." },
    width: { type: "integer", minimum: 1 },
    height: { type: "integer", minimum: 1 },
    offered: { type: "boolean", description: "Whether the product offers its colour now (always true right after an upload)." },
  },
};

const uploadMockup: ApiOperation = {
  method: "post",
  path: "/admin/products/:id/mockups",
  tag: "admin",
  summary: "Set a product's blank mock-up of one colour",
  description:
    `For a staff session (either role; the session cookie, from the shop's own pages) or \`Authorization: Bearer\` with an API token holding catalog:write. ` +
    "The body is multipart/form-data: the file image (required), the item without any design, which the design studio draws shoppers' designs on, " +
    `and the field color: one of the values of the product's Color option (in any case; at most ${MAX_OPTION_VALUE_LENGTH} characters), or left out or empty for a product without a Color option. ` +
    `The image is checked by its content: JPEG, PNG or WebP, at most ${MB} MB and 50 megapixels, decoding whole; it is kept re-encoded (upright, without metadata) at most ${MAX_MOCKUP_SIDE} px on its longest side, ` +
    "at a content-addressed path under /media/mockups/ (the studio reads it from the shop's own origin). A blank the colour had is replaced, and its file removed unless something else shows it. " +
    "Besides a request from another site, 403 answers a customer's session, a token without catalog:write, and a staff member who must set up two-factor sign-in first.",
  params: { id: "The product's id." },
  body: { multipart: ProductMockupUploadInput },
  responses: {
    201: jsonAnswer("The blank, new for its colour.", ADMIN_MOCKUP_JSON),
    200: jsonAnswer("The blank, replacing the one its colour had.", ADMIN_MOCKUP_JSON),
    400: errorAnswer(
      "The body is not multipart/form-data; the image is missing, not a JPEG, PNG or WebP image, or does not decode whole; or color is not one of the product's Color values (or is given for a product without a Color option, or missing for one with it). `field` names the part.",
    ),
    ...IMAGE_UPLOAD_REFUSALS,
    404: errorAnswer('No product has this id ("No product with this id").'),
  },
};

export const PRODUCT_MOCKUPS_API = [uploadMockup];

// color's characters as UTF-8 take at most 4 bytes each.
const MOCKUP_UPLOAD = imageUploadSpec(["color"], 4 * MAX_OPTION_VALUE_LENGTH, (name) => `${name} must be at most ${MAX_OPTION_VALUE_LENGTH} characters`);

/** POST /api/admin/products/{id}/mockups (multipart): the shop's side, guarded before the body is read. */
export function productMockupRoutes(mockups: ProductMockupsService, principalFor: PrincipalResolver) {
  const api = describedRouter(PRODUCT_MOCKUPS_API);
  api.on(
    uploadMockup,
    requireShopAccess(principalFor, ["staff", "catalog:write"]),
    route(async (req, res) => {
      const { files, fields } = await readMultipart(req, MOCKUP_UPLOAD);
      const input = parseInput(ProductMockupUploadInput, { image: files.image, color: fields.color });
      const { mockup, created } = await mockups.upload(String(req.params.id), { image: input.image, color: input.color?.trim() ?? "" }, actorOf(shopPrincipal(req)));
      res.status(created ? 201 : 200).json(toMockupJson(mockup));
    }),
  );
  return api.done();
}
