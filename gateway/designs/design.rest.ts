import { Router, type Request } from "express";
import { route } from "../http/errors.js";
import { notFound } from "../shared/errors.js";
import { readMultipart, type MultipartSpec } from "../http/multipart.js";
import { clientAddress } from "../http/request-context.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { parseInput } from "../shared/validation.js";
import { MAX_DESIGN_FILE_BYTES, MAX_DESIGN_STATE_BYTES, type DesignService, type DesignUpload } from "./design.service.js";
import { designFileUrl, type DesignRecord } from "./design.records.js";
import { DesignUploadInput } from "./design.types.js";

function toDesignJson(design: DesignRecord) {
  return {
    id: design.id,
    previewUrl: designFileUrl(design.id, "preview"),
    printFileUrl: designFileUrl(design.id, "print"),
    preview: design.preview,
    print: design.print,
  };
}

/** A design upload: the files "preview" and "print" and the field "state" (spec §5: images of at most 10 MB). */
const DESIGN_UPLOAD: MultipartSpec<"preview" | "print", "state"> = {
  files: ["preview", "print"],
  fields: ["state"],
  maxFileBytes: MAX_DESIGN_FILE_BYTES,
  maxFieldBytes: MAX_DESIGN_STATE_BYTES,
  maxBodyBytes: 2 * MAX_DESIGN_FILE_BYTES + 64 * 1024,
  messages: {
    notMultipart: "send the design as multipart/form-data with files preview and print",
    bodyTooLarge: "The upload is larger than two 10 MB images",
    fileTooLarge: (name) => `${name} image is larger than 10 MB`,
    fieldTooLarge: () => "state must be at most 8 kB of JSON",
  },
};

async function readUpload(req: Request): Promise<DesignUpload> {
  const { files, fields } = await readMultipart(req, DESIGN_UPLOAD);
  return parseInput(DesignUploadInput, { preview: files.preview, print: files.print, state: fields.state });
}

/** POST /api/designs (multipart) and GET /designs/{id}/{preview|print}. */
export function designRoutes(designs: DesignService) {
  const api = Router();
  api.post(
    "/designs",
    route(async (req, res) => {
      const upload = await readUpload(req);
      const design = await designs.create(upload, currentCustomerId(req), clientAddress(req));
      res.status(201).json(toDesignJson(design));
    }),
  );
  api.get(
    "/designs/:id",
    route(async (req, res) => {
      const design = await designs.find(String(req.params.id));
      if (!design) throw notFound("Design not found");
      res.json(toDesignJson(design));
    }),
  );

  const files = Router();
  files.get(
    "/:id/:kind",
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
  return { api, files };
}
