export interface DesignImage {
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

export interface DesignRecord {
  id: string;
  customerId: string | null;
  preview: DesignImage;
  print: DesignImage;
  /** The studio's design state (spec §3 Design state) as the client sent it. */
  state: Record<string, unknown>;
  /**
   * The uploaded picture's pixels per inch at its printed size, as the studio measured it
   * (print-quality.ts); null for a design without an uploaded picture (a meme, text only).
   */
  printDpi: number | null;
  createdAt: Date;
}

export type DesignFileKind = "preview" | "print";

/** Where a design's files are served (public, behind the design's unguessable id). */
export function designFileUrl(id: string, kind: DesignFileKind): string {
  return `/designs/${id}/${kind}`;
}

/** The cart/order line attribute that names a custom design. */
export const DESIGN_ATTRIBUTE = "designId";

type LineAttributes = readonly { key: string; value: string }[];

/** The design a cart or order line carries in its custom attributes; null for a plain line. */
export function designIdOf(attributes: LineAttributes): string | null {
  return attributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value ?? null;
}

/** What a line looks like: where its picture is (relative to the shop's origin), and the design it shows, if any. */
export interface LinePicture {
  url: string;
  /** Set when the picture is the customer's design (its mock-up), for words such as the picture's alt text. */
  designId: string | null;
}

/**
 * The picture of a cart or order line, wherever one is shown (cart, checkout, order, the payment
 * provider's page, emails): a custom design's line shows the design's mock-up (the product with the
 * design in its print area), any other line its product's image; null when there is none.
 */
export function linePicture(attributes: LineAttributes, productImageUrl: string | null): LinePicture | null {
  const designId = designIdOf(attributes);
  if (designId !== null) return { url: designFileUrl(designId, "preview"), designId };
  return productImageUrl ? { url: productImageUrl, designId: null } : null;
}
