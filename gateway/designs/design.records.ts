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
  createdAt: Date;
}

export type DesignFileKind = "preview" | "print";

/** Where a design's files are served (public, behind the design's unguessable id). */
export function designFileUrl(id: string, kind: DesignFileKind): string {
  return `/designs/${id}/${kind}`;
}

/** The cart/order line attribute that names a custom design. */
export const DESIGN_ATTRIBUTE = "designId";
