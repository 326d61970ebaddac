import type { Request } from "express";
import busboy from "busboy";
import { DomainError, invalidInput } from "../shared/errors.js";

/** What a multipart/form-data body may hold, and how its refusals read. */
export interface MultipartSpec<File extends string, Field extends string> {
  files: readonly File[];
  fields: readonly Field[];
  maxFileBytes: number;
  maxFieldBytes: number;
  /** A declared Content-Length above this is refused before anything is read. */
  maxBodyBytes: number;
  messages: {
    notMultipart: string;
    bodyTooLarge: string;
    fileTooLarge(name: string): string;
    fieldTooLarge(name: Field): string;
  };
}

export interface MultipartBody<File extends string, Field extends string> {
  files: Partial<Record<File, Buffer>>;
  fields: Partial<Record<Field, string>>;
}

/**
 * Reads a multipart/form-data body into memory, stopping at the spec's size limits; a part the
 * spec does not name refuses the body. Errors name the spec's first file when no part is at fault.
 */
export function readMultipart<File extends string, Field extends string>(
  req: Request,
  spec: MultipartSpec<File, Field>,
): Promise<MultipartBody<File, Field>> {
  const main = spec.files[0] ?? spec.fields[0] ?? "body";
  return new Promise((resolve, reject) => {
    if (!req.is("multipart/form-data")) {
      reject(invalidInput(main, spec.messages.notMultipart));
      return;
    }
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > spec.maxBodyBytes) {
      reject(new DomainError("TOO_LARGE", spec.messages.bodyTooLarge, main));
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: spec.maxFileBytes,
          files: spec.files.length,
          fields: spec.fields.length,
          fieldSize: spec.maxFieldBytes,
          parts: spec.files.length + spec.fields.length,
        },
      });
    } catch {
      reject(invalidInput(main, "malformed multipart body"));
      return;
    }
    const body: MultipartBody<File, Field> = { files: {}, fields: {} };
    let failure: DomainError | null = null;
    const fail = (error: DomainError) => {
      failure ??= error;
    };
    const isFile = (name: string): name is File => (spec.files as readonly string[]).includes(name);
    const isField = (name: string): name is Field => (spec.fields as readonly string[]).includes(name);

    parser.on("file", (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new DomainError("TOO_LARGE", spec.messages.fileTooLarge(name), name)));
      stream.on("close", () => {
        if (isFile(name)) body.files[name] = Buffer.concat(chunks);
        else fail(invalidInput(name, `unexpected file "${name}" (send ${spec.files.join(" and ")})`));
      });
    });
    parser.on("field", (name, value, info) => {
      if (!isField(name)) return fail(invalidInput(name, `unexpected field "${name}"`));
      if (info.valueTruncated) return fail(invalidInput(name, spec.messages.fieldTooLarge(name)));
      body.fields[name] = value;
    });
    const tooMany = () =>
      fail(
        invalidInput(
          main,
          `send at most the files ${spec.files.join(" and ")} and the field${spec.fields.length === 1 ? "" : "s"} ${spec.fields.join(" and ")}`,
        ),
      );
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("error", () => reject(invalidInput(main, "malformed multipart body")));
    parser.on("close", () => (failure ? reject(failure) : resolve(body)));
    req.pipe(parser);
  });
}
