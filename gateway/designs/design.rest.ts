import { Router, type Request } from "express";
import busboy from "busboy";
import { route, sendError } from "../http/errors.js";
import { DomainError, invalidInput } from "../shared/errors.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { MAX_DESIGN_FILE_BYTES, MAX_DESIGN_STATE_BYTES, type DesignService, type DesignUpload } from "./design.service.js";
import { designFileUrl, type DesignRecord } from "./design.records.js";

export function toDesignJson(design: DesignRecord) {
  return {
    id: design.id,
    previewUrl: designFileUrl(design.id, "preview"),
    printFileUrl: designFileUrl(design.id, "print"),
    preview: design.preview,
    print: design.print,
  };
}

/**
 * Reads a multipart/form-data upload (files "preview" and "print", field "state") into memory,
 * stopping at the size limits; nothing is stored here.
 */
function readUpload(req: Request): Promise<DesignUpload> {
  return new Promise((resolve, reject) => {
    if (!req.is("multipart/form-data")) {
      reject(invalidInput("preview", "send the design as multipart/form-data with files preview and print"));
      return;
    }
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > 2 * MAX_DESIGN_FILE_BYTES + 64 * 1024) {
      reject(new DomainError("TOO_LARGE", "The upload is larger than two 10 MB images", "preview"));
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: MAX_DESIGN_FILE_BYTES, files: 2, fields: 1, fieldSize: MAX_DESIGN_STATE_BYTES, parts: 3 },
      });
    } catch {
      reject(invalidInput("preview", "malformed multipart body"));
      return;
    }
    const upload: DesignUpload = { preview: null, print: null, state: null };
    let failure: DomainError | null = null;
    const fail = (error: DomainError) => {
      failure ??= error;
    };

    parser.on("file", (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new DomainError("TOO_LARGE", `${name} image is larger than 10 MB`, name)));
      stream.on("close", () => {
        if (name === "preview" || name === "print") upload[name] = Buffer.concat(chunks);
        else fail(invalidInput(name, `unexpected file "${name}" (send preview and print)`));
      });
    });
    parser.on("field", (name, value, info) => {
      if (name !== "state") return fail(invalidInput(name, `unexpected field "${name}"`));
      if (info.valueTruncated) return fail(invalidInput("state", "state must be at most 8 kB of JSON"));
      upload.state = value;
    });
    const tooMany = () => fail(invalidInput("preview", "send at most the files preview and print and the field state"));
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("error", () => reject(invalidInput("preview", "malformed multipart body")));
    parser.on("close", () => (failure ? reject(failure) : resolve(upload)));
    req.pipe(parser);
  });
}

/** POST /api/designs (multipart) and GET /designs/{id}/{preview|print}. */
export function designRoutes(designs: DesignService) {
  const api = Router();
  api.post(
    "/designs",
    route(async (req, res) => {
      const upload = await readUpload(req);
      const design = await designs.create(upload, currentCustomerId(req), req.ip ?? "unknown");
      res.status(201).json(toDesignJson(design));
    }),
  );
  api.get(
    "/designs/:id",
    route(async (req, res) => {
      const design = await designs.find(String(req.params.id));
      if (!design) return sendError(res, 404, "Design not found");
      res.json(toDesignJson(design));
    }),
  );

  const files = Router();
  files.get(
    "/:id/:kind",
    route(async (req, res) => {
      const kind = String(req.params.kind);
      if (kind !== "preview" && kind !== "print") return sendError(res, 404, "Design not found");
      const file = await designs.file(String(req.params.id), kind);
      if (!file) return sendError(res, 404, "Design not found");
      // A design never changes once uploaded.
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (kind === "print") res.setHeader("Content-Disposition", `attachment; filename="design-${req.params.id}.${file.contentType === "image/png" ? "png" : "jpg"}"`);
      res.type(file.contentType).send(file.body);
    }),
  );
  return { api, files };
}
