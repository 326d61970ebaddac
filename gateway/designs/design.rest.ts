import type { Request } from "express";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, NOT_MODIFIED, type ApiOperation } from "../http/openapi.js";
import { notFound } from "../shared/errors.js";
import { readMultipart, type MultipartSpec } from "../http/multipart.js";
import { clientKey } from "../http/request-context.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { parseInput } from "../shared/validation.js";
import { MAX_DESIGN_FILE_BYTES, MAX_DESIGN_STATE_BYTES, MAX_PRINT_FILE_BYTES, megabytes, type DesignService, type DesignUpload } from "./design.service.js";
import { designFileUrl, type DesignRecord } from "./design.records.js";
import { DesignUploadInput } from "./design.types.js";
import { MAX_RECORDED_DPI, printWarningFor } from "./print-quality.js";

function toDesignJson(design: DesignRecord) {
  return {
    id: design.id,
    previewUrl: designFileUrl(design.id, "preview"),
    printFileUrl: designFileUrl(design.id, "print"),
    preview: design.preview,
    print: design.print,
    printDpi: design.printDpi,
    printWarning: printWarningFor(design.printDpi),
  };
}

const IMAGE_INFO_JSON = {
  title: "DesignImageInfo",
  type: "object",
  required: ["contentType", "width", "height"],
  additionalProperties: false,
  properties: { contentType: { enum: ["image/png", "image/jpeg"] }, width: { type: "integer", minimum: 1 }, height: { type: "integer", minimum: 1 } },
};

/** toDesignJson's shape as JSON Schema. */
const DESIGN_JSON = {
  title: "Design",
  description: "A custom design from the Customize studio: its preview and the print file the fulfilment partner prints.",
  type: "object",
  required: ["id", "previewUrl", "printFileUrl", "preview", "print", "printDpi", "printWarning"],
  additionalProperties: false,
  properties: {
    id: { type: "string", description: "The design's unguessable id (what a cart line's designId attribute holds)." },
    previewUrl: { type: "string" },
    printFileUrl: { type: "string" },
    preview: IMAGE_INFO_JSON,
    print: IMAGE_INFO_JSON,
    printDpi: {
      type: ["integer", "null"],
      minimum: 1,
      maximum: MAX_RECORDED_DPI,
      description: "The uploaded picture's pixels per inch at its printed size (the upload's state.printDpi); null for a design without an uploaded picture.",
    },
    printWarning: { type: ["string", "null"], description: "What to tell the shopper when the picture may print blurry at that size (GraphQL printQuality gives the rule); null when it prints fine." },
  },
};

const tag = "designs";
const DESIGN_ID = "The design's id.";
const NO_DESIGN = errorAnswer('No design has this id ("Design not found").');

const uploadDesign: ApiOperation = {
  method: "post",
  path: "/designs",
  tag,
  summary: "Upload a custom design",
  description:
    `The studio's composed design as multipart/form-data: the file preview (required), the file print (the print file; the preview when left out), and the field state (the studio's state as a JSON object; its printDpi, when the design has an uploaded picture, is that picture's pixels per inch at its printed size, a whole number from 1 to ${MAX_RECORDED_DPI}, kept with the design and answered with the print-quality warning it gives). Images are checked by content: PNG or JPEG, at most 50 megapixels each and 10 MB (the preview) or 50 MB (the print file), decoding whole. Each is kept as a new encoding: upright by its EXIF orientation, without metadata, at most 6000 px on its longest side (the answer gives the size kept).`,
  body: { multipart: DesignUploadInput },
  responses: {
    201: jsonAnswer("The stored design.", DESIGN_JSON),
    400: errorAnswer(
      `The body is not multipart/form-data, a part is missing, unexpected or not a whole PNG or JPEG image (truncated, without image data, or another format), or state is not a JSON object of at most 8 kB or has a printDpi that is not a whole number from 1 to ${MAX_RECORDED_DPI} (\`field\` names the part).`,
    ),
    413: errorAnswer("The preview is larger than 10 MB or the print file larger than 50 MB, an image is over 50 megapixels, or the body is larger than both together."),
    429: errorAnswer("Too many uploads from this client this hour (refused ones count too); Retry-After says when to try again."),
  },
};

const getDesign: ApiOperation = {
  method: "get",
  path: "/designs/:id",
  tag,
  summary: "A custom design",
  description: "A design's images: where they are served, their format and size.",
  params: { id: DESIGN_ID },
  responses: { 200: jsonAnswer("The design.", DESIGN_JSON), 304: NOT_MODIFIED, 404: NO_DESIGN },
};

export const DESIGNS_API = [uploadDesign, getDesign];

const designFile: ApiOperation = {
  method: "get",
  path: "/:id/:kind",
  tag,
  summary: "A design's image",
  description: "The preview or the print file (the latter as an attachment), as kept at upload; a design never changes, so it is cached for a year.",
  params: { id: DESIGN_ID, kind: '"preview" or "print".' },
  responses: {
    200: { description: "The image.", content: { "image/png": { type: "string", contentMediaType: "image/png" }, "image/jpeg": { type: "string", contentMediaType: "image/jpeg" } } },
    304: { description: "Not modified: the image the If-None-Match header names (its ETag) is still current." },
    404: NO_DESIGN,
  },
};

export const DESIGN_FILES_API = [designFile];

/** A design upload: the files "preview" and "print" and the field "state" (spec §5: a preview of at most 10 MB; the print file at most 50 MB). */
const DESIGN_UPLOAD: MultipartSpec<"preview" | "print", "state"> = {
  files: ["preview", "print"],
  fields: ["state"],
  maxFileBytes: MAX_PRINT_FILE_BYTES,
  maxFieldBytes: MAX_DESIGN_STATE_BYTES,
  maxBodyBytes: MAX_DESIGN_FILE_BYTES + MAX_PRINT_FILE_BYTES + 64 * 1024,
  messages: {
    notMultipart: "send the design as multipart/form-data with files preview and print",
    bodyTooLarge: `The upload is larger than a ${megabytes(MAX_DESIGN_FILE_BYTES)} preview and a ${megabytes(MAX_PRINT_FILE_BYTES)} print file`,
    fileTooLarge: (name) => `${name} image is larger than ${megabytes(name === "print" ? MAX_PRINT_FILE_BYTES : MAX_DESIGN_FILE_BYTES)}`,
    fieldTooLarge: () => "state must be at most 8 kB of JSON",
  },
};

async function readUpload(req: Request): Promise<DesignUpload> {
  const { files, fields } = await readMultipart(req, DESIGN_UPLOAD);
  return parseInput(DesignUploadInput, { preview: files.preview, print: files.print, state: fields.state });
}

/** POST /api/designs (multipart) and GET /designs/{id}/{preview|print}. */
export function designRoutes(designs: DesignService) {
  const api = describedRouter(DESIGNS_API);
  api.on(
    uploadDesign,
    route(async (req, res) => {
      const upload = await readUpload(req);
      const design = await designs.create(upload, currentCustomerId(req), clientKey(req));
      res.status(201).json(toDesignJson(design));
    }),
  );
  api.on(
    getDesign,
    route(async (req, res) => {
      const design = await designs.find(String(req.params.id));
      if (!design) throw notFound("Design not found");
      res.json(toDesignJson(design));
    }),
  );

  const files = describedRouter(DESIGN_FILES_API);
  files.on(
    designFile,
    route(async (req, res) => {
      const kind = String(req.params.kind);
      if (kind !== "preview" && kind !== "print") throw notFound("Design not found");
      const file = await designs.file(String(req.params.id), kind);
      if (!file) throw notFound("Design not found");
      // A design never changes once uploaded.
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (kind === "print") res.setHeader("Content-Disposition", `attachment; filename="design-${req.params.id}.${file.contentType === "image/png" ? "png" : "jpg"}"`);
      res.type(file.contentType).send(file.body);
    }),
  );
  return { api: api.done(), files: files.done() };
}
