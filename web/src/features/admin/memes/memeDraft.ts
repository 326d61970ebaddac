import type { AdminMemeEditor_MemeFragment, MemeInput } from "../gql/graphql";
import { parseList } from "../products/productDraft";
import type { PickedProduct } from "./ProductPicker";

export interface MemeDraft {
  title: string;
  description: string;
  /** Comma-separated, as typed. */
  tags: string;
  product: PickedProduct | null;
}

export const NEW_MEME: MemeDraft = { title: "", description: "", tags: "", product: null };

export function draftOf(meme: AdminMemeEditor_MemeFragment): MemeDraft {
  return { title: meme.title, description: meme.description, tags: meme.tags.join(", "), product: meme.product ?? null };
}

/** The whole meme as the gateway takes it (productId null: no product). */
export function inputOf(draft: MemeDraft): MemeInput {
  return { title: draft.title.trim(), description: draft.description.trim(), tags: parseList(draft.tags), productId: draft.product?.id ?? null };
}

export function hasChanges(draft: MemeDraft, saved: MemeDraft): boolean {
  return JSON.stringify(inputOf(draft)) !== JSON.stringify(inputOf(saved));
}

export type MemeErrors = { byField: Partial<Record<"title" | "description" | "tags" | "product" | "image", string>>; general: string[] };

/** What the form can tell before asking the gateway. */
export function checkDraft(draft: MemeDraft, needsImage: boolean, image: File | null): MemeErrors {
  const byField: MemeErrors["byField"] = {};
  if (!draft.title.trim()) byField.title = "Give the meme a title.";
  else if (draft.title.trim().length > 120) byField.title = "The title must be at most 120 characters.";
  if (draft.description.trim().length > 1000) byField.description = "The description must be at most 1000 characters.";
  if (needsImage && !image) byField.image = "Choose the meme's image: shoppers see nothing of a meme without one.";
  return { byField, general: [] };
}

/** The gateway's userErrors, each beside its field (the rest said above the form). */
export function placeErrors(errors: readonly { field?: string | null; message: string }[]): MemeErrors {
  const placed: MemeErrors = { byField: {}, general: [] };
  for (const error of errors) {
    const field = (error.field ?? "").replace(/^input\./, "");
    const key = field.startsWith("tags") ? "tags" : field === "productId" ? "product" : field === "title" || field === "description" || field === "image" ? field : null;
    if (key && !placed.byField[key]) placed.byField[key] = error.message;
    else placed.general.push(error.message);
  }
  return placed;
}
