import { Field, ID, Int, ObjectType } from "type-graphql";
import { declareCheck } from "../shared/validation.js";
import { MAX_DESIGN_STATE_BYTES } from "./design.service.js";

@ObjectType({ description: "The size and format of one of a design's images." })
export class DesignImageInfo {
  @Field(() => String, { description: '"image/png" or "image/jpeg".' })
  contentType!: string;

  @Field(() => Int, { description: "Width in pixels." })
  width!: number;

  @Field(() => Int, { description: "Height in pixels." })
  height!: number;
}

@ObjectType({ description: "A custom design from the Customize studio, with the print file the fulfilment partner prints." })
export class Design {
  @Field(() => ID, { description: "The design's unguessable id (what a cart line's designId attribute holds)." })
  id!: string;

  @Field(() => String, { description: "The 600×600 preview of the design on the product." })
  previewUrl!: string;

  @Field(() => String, { description: "The print file (the design alone, at print resolution)." })
  printFileUrl!: string;

  @Field(() => DesignImageInfo, { description: "The preview's format and size." })
  preview!: DesignImageInfo;

  @Field(() => DesignImageInfo, { description: "The print file's format and size." })
  print!: DesignImageInfo;

  @Field(() => String, { description: "The studio's design state, as JSON (memeId, text, colours, ...)." })
  state!: string;

  @Field(() => Int, {
    nullable: true,
    description: "The uploaded picture's resolution at its printed size, in pixels per inch, as the studio measured it; null for a design without an uploaded picture (a meme, text only).",
  })
  printDpi!: number | null;

  @Field(() => String, {
    nullable: true,
    description: "What to tell the shopper when the picture may print blurry (printDpi below printQuality.minimumDpi); null when it prints fine.",
  })
  printWarning!: string | null;
}

@ObjectType({ description: "The print-quality rule the studio measures a picture against, and what the shop says when a picture falls short." })
export class PrintQuality {
  @Field(() => Int, { description: "The resolution print files are made at, in pixels per inch." })
  printDpi!: number;

  @Field(() => Int, { description: "Below this many pixels per inch at its printed size, a picture may print blurry and is warned about." })
  minimumDpi!: number;

  @Field(() => String, { description: "The warning shown for such a picture (the same words a design's printWarning gives)." })
  warning!: string;
}

const IMAGE_SCHEMA = { type: "string", contentMediaType: "application/octet-stream", description: "A PNG or JPEG image (checked by its content): the preview at most 10 MB, the print file at most 50 MB." };

/** An image part of the upload: present and not empty when required; a part sent empty is missing. Its bytes are the service's to judge. */
const ImagePart = ({ required }: { required: boolean }) =>
  declareCheck("designImage", IMAGE_SCHEMA, (value, field) =>
    (value === undefined || value === null) && !required ? null : Buffer.isBuffer(value) && value.length > 0 ? null : `${field} image is required`,
  );

/** The studio's state: left out or empty, or a JSON object of at most MAX_DESIGN_STATE_BYTES. */
const DesignState = () =>
  declareCheck("designState", { type: "string", contentMediaType: "application/json", maxLength: MAX_DESIGN_STATE_BYTES }, (value, field) => {
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string" || Buffer.byteLength(value) > MAX_DESIGN_STATE_BYTES) return `${field} must be at most 8 kB of JSON`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return `${field} must be JSON`;
    }
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? null : `${field} must be a JSON object`;
  });

/** POST /api/designs: the multipart body's parts (the print file defaults to the preview when left out). */
export class DesignUploadInput {
  @ImagePart({ required: true })
  preview!: Buffer;

  @ImagePart({ required: false })
  print?: Buffer | null;

  @DesignState()
  state?: string | null;
}
