import type { MultipartSpec } from "../http/multipart.js";
import { errorAnswer } from "../http/openapi.js";
import { MAX_CATALOG_IMAGE_BYTES } from "./catalog-image.js";

// What the catalog's image uploads (a product's, a collection's, a meme's) share on REST: how the
// multipart body is read and refused, and how the sizes made of an image are answered.

/** The byte limit of an image, in MB, as the answers word it. */
export const IMAGE_MB = MAX_CATALOG_IMAGE_BYTES / (1024 * 1024);

/** An image upload's body: the file `image` and, when given, text fields of at most `maxFieldBytes` each. */
export function imageUploadSpec<Field extends string = never>(
  fields: readonly Field[],
  maxFieldBytes: number,
  fieldTooLarge: (name: string) => string,
): MultipartSpec<"image", Field> {
  return {
    files: ["image"],
    fields,
    maxFileBytes: MAX_CATALOG_IMAGE_BYTES,
    maxFieldBytes,
    maxBodyBytes: MAX_CATALOG_IMAGE_BYTES + 64 * 1024,
    messages: {
      notMultipart: "send the image as multipart/form-data with the file image",
      bodyTooLarge: `The upload is larger than ${IMAGE_MB} MB`,
      fileTooLarge: (name) => `${name} is larger than ${IMAGE_MB} MB`,
      fieldTooLarge,
    },
  };
}

/** The sizes made of an image, as JSON (narrowest first). */
export function imageSourcesJson(sources: readonly { url: string; width: number; contentType: string }[]) {
  return sources.map((s) => ({ url: s.url, width: s.width, contentType: s.contentType }));
}

/** imageSourcesJson's shape as JSON Schema. */
export const IMAGE_SOURCES_JSON = {
  type: "array",
  description: "The WebP sizes made of it, narrowest first (for srcset).",
  items: {
    type: "object",
    required: ["url", "width", "contentType"],
    additionalProperties: false,
    properties: { url: { type: "string" }, width: { type: "integer", minimum: 1 }, contentType: { type: "string" } },
  },
};

/** The refusals every image upload may answer, besides its own 404 (and 409). */
export const IMAGE_UPLOAD_REFUSALS = {
  401: errorAnswer("No staff session and no API token, or the token is unknown or revoked."),
  413: errorAnswer(`The image is larger than ${IMAGE_MB} MB (refused by its Content-Length before it is read, or while it is read) or 50 megapixels.`),
};
