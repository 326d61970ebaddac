import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError, invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { toPage, type Page } from "../shared/paging.js";
import type { CatalogWriter } from "../catalog/catalog.writer.js";
import { checkedCatalogImage } from "../catalog/catalog-image.js";
import { contentAddressedPath, contentHash } from "../media/media-paths.js";
import type { MediaService } from "../media/media.service.js";
import type { MemeAdminRepository, MemeRowValues } from "./meme-admin.repository.js";
import type { AdminMemeRecord, MemeFields } from "./meme.records.js";

const ADMIN_MEME_PAGE_SIZE = 20;
/**
 * A meme's image is kept at most this large on its longest side: the gallery shows it at most
 * ~600 px wide and the design studio places it at 60 % of its 600 px canvas, so this is sharp on
 * a screen of twice the density.
 */
const MAX_MEME_IMAGE_SIDE = 1600;
/** Below /media: where uploaded meme images are kept. */
const MEDIA_FOLDER = "memes";

/** Which of these media paths something (an image, an order's line, a collection, a meme) still shows, asked in the transaction. */
export type MediaInUse = (paths: readonly string[], trx: Transaction<Database>) => Promise<Set<string>>;

const noMeme = () => notFound("No meme with this id");
const describe = (meme: { title: string }) => `"${meme.title}"`;

/**
 * Staff's memes: the gallery's rules applied inside the catalog writer's transaction (a refusal
 * leaves everything as it was; a change is audited and announced once, so the home page and the
 * gallery show it on the next request). Memes change one transaction at a time (lockMemes).
 */
export class MemeAdminService {
  constructor(
    private readonly repository: MemeAdminRepository,
    private readonly media: MediaService,
    private readonly mediaInUse: MediaInUse,
    private readonly writer: CatalogWriter,
  ) {}

  async list(input: { search?: string | null; page?: number; pageSize?: number }): Promise<Page<AdminMemeRecord>> {
    const request = { page: input.page ?? 1, pageSize: input.pageSize ?? ADMIN_MEME_PAGE_SIZE };
    const { items, totalCount } = await this.repository.list({
      search: input.search?.trim() || null,
      offset: (request.page - 1) * request.pageSize,
      limit: request.pageSize,
    });
    return toPage(items, request, totalCount);
  }

  find(id: string): Promise<AdminMemeRecord | null> {
    return isUuid(id) ? this.repository.find(id) : Promise.resolve(null);
  }

  /** A new meme, without an image: shoppers see it once its image is uploaded. */
  async create(input: MemeFields & { title: string }, actor: Actor): Promise<AdminMemeRecord> {
    return this.writer.write(actor, async (trx) => {
      const productId = await this.linkable(input.productId ?? null, trx);
      await this.repository.lockMemes(trx);
      const row: MemeRowValues = { title: input.title, description: input.description ?? "", tags: input.tags ?? [], product_id: productId };
      const id = await this.repository.insert(row, trx);
      const meme = (await this.repository.findInTransaction(id, trx))!;
      return { result: meme, audit: { action: "meme_created", details: `${describe(meme)} (${id}): created${linkText(meme)}, without an image yet` } };
    });
  }

  async update(id: string, input: MemeFields, actor: Actor): Promise<AdminMemeRecord> {
    if (!isUuid(id)) throw noMeme();
    return this.writer.write(actor, async (trx) => {
      const productId = input.productId === undefined ? undefined : await this.linkable(input.productId, trx);
      await this.repository.lockMemes(trx);
      const before = await this.repository.findInTransaction(id, trx);
      if (!before) throw noMeme();
      const row: Partial<MemeRowValues> = {};
      if (input.title !== undefined) row.title = input.title;
      if (input.description !== undefined) row.description = input.description;
      if (input.tags !== undefined) row.tags = input.tags;
      if (productId !== undefined) row.product_id = productId;
      const changed = Object.entries(row)
        .filter(([column, value]) => JSON.stringify(value) !== JSON.stringify(columnOf(before, column as keyof MemeRowValues)))
        .map(([column]) => (column === "product_id" ? "product" : column));
      if (changed.length === 0) return { result: before, audit: null };
      await this.repository.update(id, row, trx);
      const meme = (await this.repository.findInTransaction(id, trx))!;
      const details = `${describe(meme)} (${id}): ${changed.join(", ")} changed${changed.includes("product") ? linkText(meme) : ""}`;
      return { result: meme, audit: { action: "meme_updated", details } };
    });
  }

  /** Deletes a meme; the meme of the week is refused (choose another first, so the home page always has one). */
  async delete(id: string, actor: Actor): Promise<string> {
    if (!isUuid(id)) throw noMeme();
    return this.writer.write(actor, async (trx) => {
      await this.repository.lockMemes(trx);
      const meme = await this.repository.findInTransaction(id, trx);
      if (!meme) throw noMeme();
      if (meme.featured) {
        throw new DomainError("CONFLICT", "This is the meme of the week: make another meme the meme of the week before deleting this one", "id");
      }
      const imagePath = await this.repository.imagePathOf(id, trx);
      await this.repository.delete(id, trx);
      if (imagePath) await this.media.releaseInTransaction([imagePath], (paths) => this.mediaInUse(paths, trx), trx);
      return { result: id, audit: { action: "meme_deleted", details: `${describe(meme)} (${id}): deleted` } };
    });
  }

  /**
   * Makes a meme the meme of the week, in one transaction: the one before stops being it as this one
   * starts. Concurrent switches take turns (lockMemes), the last to commit wins; a reader sees exactly
   * one throughout. A meme without an image cannot be featured (shoppers would see nothing).
   */
  async feature(id: string, actor: Actor): Promise<AdminMemeRecord> {
    if (!isUuid(id)) throw noMeme();
    return this.writer.write(actor, async (trx) => {
      await this.repository.lockMemes(trx);
      const meme = await this.repository.findInTransaction(id, trx);
      if (!meme) throw noMeme();
      if (meme.featured) return { result: meme, audit: null };
      if (!meme.imageUrl) throw new DomainError("CONFLICT", "Upload the meme's image before making it the meme of the week", "id");
      const before = await this.repository.featuredId(trx);
      await this.repository.switchFeatured(id, trx);
      const featured = (await this.repository.findInTransaction(id, trx))!;
      return { result: featured, audit: { action: "meme_featured", details: `${describe(featured)} (${id}): made the meme of the week${before ? ` (after ${before})` : ""}` } };
    });
  }

  /**
   * Sets (or replaces) a meme's image: checked by the one image check, kept re-encoded and
   * content-addressed; the image it replaces is removed unless something else still shows it.
   */
  async uploadImage(id: string, image: Buffer, actor: Actor): Promise<AdminMemeRecord> {
    if (!isUuid(id) || !(await this.repository.find(id))) throw noMeme();
    const checked = await checkedCatalogImage(image, MAX_MEME_IMAGE_SIDE);
    const path = contentAddressedPath(MEDIA_FOLDER, contentHash(image), checked.contentType);
    return this.writer.write(actor, async (trx) => {
      await this.repository.lockMemes(trx);
      const previous = await this.repository.imagePathOf(id, trx);
      if (!(await this.repository.findInTransaction(id, trx))) throw noMeme();
      if (previous === path) return { result: (await this.repository.findInTransaction(id, trx))!, audit: null };
      await this.media.storeInTransaction([{ path, contentType: checked.contentType, body: checked.body }], trx);
      await this.repository.setImage(id, path, trx);
      if (previous) await this.media.releaseInTransaction([previous], (paths) => this.mediaInUse(paths, trx), trx);
      const meme = (await this.repository.findInTransaction(id, trx))!;
      const size = `${checked.width} × ${checked.height} ${checked.contentType}`;
      return { result: meme, audit: { action: "meme_image_set", details: `${describe(meme)} (${id}): image ${previous ? "replaced" : "added"} (${size})` } };
    });
  }

  /** A product a meme may be linked to: any status (a draft's meme waits for it), refused when none has this id. */
  private async linkable(productId: string | null, trx: Transaction<Database>): Promise<string | null> {
    if (productId === null) return null;
    const product = isUuid(productId) ? await this.repository.holdProduct(productId, trx) : null;
    if (!product) throw invalidInput("productId", "No product with this id");
    return product.id;
  }
}

function columnOf(meme: AdminMemeRecord, column: keyof MemeRowValues): unknown {
  if (column === "product_id") return meme.product?.id ?? null;
  return meme[column];
}

function linkText(meme: AdminMemeRecord): string {
  return meme.product ? ` (product "${meme.product.title}", ${meme.product.handle})` : " (no product)";
}
