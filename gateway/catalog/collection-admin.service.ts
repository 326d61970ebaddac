import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError, invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { toPage, type Page } from "../shared/paging.js";
import type { MediaService } from "../media/media.service.js";
import { prepareCatalogImage } from "./catalog-image.js";
import { collectionTouched } from "./catalog.changes.js";
import type { CatalogWriter } from "./catalog.writer.js";
import type { CollectionAdminRepository, LockedCollection } from "./collection-admin.repository.js";
import type { AdminCollectionRecord, CollectionProductRecord, CollectionWrite } from "./collection-admin.records.js";
import { freeHandle, handleFromTitle } from "./handles.js";

/**
 * spec §2: the shop's footer links to these collections on every page, so they can be neither
 * deleted nor given another handle (everything else about them is staff's to change).
 */
const FOOTER_COLLECTION_HANDLES: readonly string[] = ["t-shirts", "mugs", "hats", "accessories", "new-arrivals"];
export const isFooterCollection = (handle: string) => FOOTER_COLLECTION_HANDLES.includes(handle);

const COLLECTION_PRODUCTS_PAGE_SIZE = 50;
/** Below /media: where collection images are kept. */
const MEDIA_FOLDER = "collections";

/** Paths of media files something still shows, asked under the media lock (product-images.repository.ts). */
export type MediaInUse = (paths: readonly string[], trx: Transaction<Database>) => Promise<Set<string>>;

const noCollection = () => notFound("No collection with this id");
const describe = (c: { title: string; handle: string }) => `"${c.title}" (${c.handle})`;
const clamp = (value: number, max: number) => Math.min(Math.max(value, 1), max);

/**
 * Staff's collections: their fields, their order among themselves, and the products in each in a
 * chosen order. Every change goes through the catalog writer (one transaction with its audit entry,
 * one announcement that clears every cache and page), so shoppers see it on their next request.
 */
export class CollectionAdminService {
  constructor(
    private readonly repository: CollectionAdminRepository,
    private readonly writer: CatalogWriter,
    private readonly media: MediaService,
    private readonly mediaInUse: MediaInUse,
  ) {}

  list(): Promise<AdminCollectionRecord[]> {
    return this.repository.list();
  }

  find(id: string): Promise<AdminCollectionRecord | null> {
    return isUuid(id) ? this.repository.find(id) : Promise.resolve(null);
  }

  /** A page of the collection's products in its order, in every status (staff see the drafts in it). */
  async products(collectionId: string, input: { page?: number; pageSize?: number }): Promise<Page<CollectionProductRecord>> {
    const request = { page: input.page ?? 1, pageSize: input.pageSize ?? COLLECTION_PRODUCTS_PAGE_SIZE };
    const { items, totalCount } = await this.repository.products(collectionId, (request.page - 1) * request.pageSize, request.pageSize);
    return toPage(items, request, totalCount);
  }

  async create(input: CollectionWrite & { title: string }, actor: Actor): Promise<AdminCollectionRecord> {
    return this.writer.write(actor, async (trx) => {
      await this.repository.lockOrder(trx);
      const handle = input.handle ?? (await freeHandle(handleFromTitle(input.title, "collection"), (h) => this.repository.handleTaken(h, null, trx)));
      await this.claimHandle(handle, null, trx);
      const last = (await this.repository.count(trx)) + 1;
      const position = clamp(input.position ?? last, last);
      const id = await this.repository.insert({ handle, title: input.title, description: input.description ?? "" }, position, trx);
      const collection = await this.answer(id, trx);
      return { result: collection, audit: { action: "collection_created", details: `${describe(collection)}: created at place ${position}` }, touched: collectionTouched(id, { lists: true }) };
    });
  }

  async update(id: string, input: CollectionWrite, actor: Actor): Promise<AdminCollectionRecord> {
    if (!isUuid(id)) throw noCollection();
    return this.writer.write(actor, async (trx) => {
      if (input.position !== undefined) await this.repository.lockOrder(trx);
      const current = await this.locked(id, trx);
      const changed: string[] = [];
      if (input.handle !== undefined && input.handle !== current.handle) {
        if (isFooterCollection(current.handle)) {
          throw invalidInput("handle", `The shop's footer links to /collections/${current.handle}: this collection's handle cannot change`);
        }
        await this.claimHandle(input.handle, id, trx);
        changed.push(`handle ${current.handle} → ${input.handle}`);
      }
      if (input.title !== undefined && input.title !== current.title) changed.push("title");
      if (input.description !== undefined) changed.push("description");
      const row = { title: input.title, handle: input.handle, description: input.description };
      await this.repository.update(id, Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)), trx);
      if (input.position !== undefined) {
        const to = clamp(input.position, await this.repository.count(trx));
        if (to !== current.position) {
          await this.repository.move(id, current.position, to, trx);
          changed.push(`moved from place ${current.position} to ${to}`);
        }
      }
      const collection = await this.answer(id, trx);
      // Another address, or another place among the collections: what the lists show moves with it.
      const movedOrRenamed = collection.handle !== current.handle || collection.position !== current.position;
      return { result: collection, audit: { action: "collection_updated", details: `${describe(collection)}: ${changed.join(", ") || "saved"}` }, touched: collectionTouched(id, { lists: movedOrRenamed }) };
    });
  }

  /** Deletes a collection (its products stay in the catalog); the footer's collections are refused. */
  async delete(id: string, actor: Actor): Promise<string> {
    if (!isUuid(id)) throw noCollection();
    return this.writer.write(actor, async (trx) => {
      await this.repository.lockOrder(trx);
      const current = await this.locked(id, trx);
      if (isFooterCollection(current.handle)) {
        throw invalidInput("id", `The shop's footer links to /collections/${current.handle}: this collection cannot be deleted`);
      }
      const products = await this.repository.productCount(id, trx);
      await this.repository.delete(id, current.position, trx);
      if (current.image) await this.release(current.image, trx);
      return { result: id, audit: { action: "collection_deleted", details: `${describe(current)}: deleted (it held ${products} products)` }, touched: collectionTouched(id, { lists: true }) };
    });
  }

  /**
   * Adds products to the collection: at the end, or from `position` on. A product already in it
   * stays where it is; an unknown id refuses the whole call.
   */
  async addProducts(collectionId: string, productIds: readonly string[], position: number | null, actor: Actor): Promise<AdminCollectionRecord> {
    if (!isUuid(collectionId)) throw noCollection();
    return this.writer.write(actor, async (trx) => {
      const current = await this.locked(collectionId, trx);
      const named = await this.namedProducts(productIds, trx);
      const places = await this.repository.placesOf(collectionId, productIds, trx);
      const fresh = productIds.filter((id) => !places.has(id));
      if (fresh.length === 0) return { result: await this.answer(collectionId, trx), audit: null };
      await this.repository.closeGaps(collectionId, trx);
      const end = (await this.repository.productCount(collectionId, trx)) + 1;
      const at = clamp(position ?? end, end);
      await this.repository.insertProducts(collectionId, fresh, at, trx);
      await this.repository.touch(collectionId, trx);
      const list = fresh.map((id) => describe(named.get(id)!)).join(", ");
      return {
        result: await this.answer(collectionId, trx),
        audit: { action: "collection_products_added", details: `${describe(current)}: added ${list} ${at === end ? "at the end" : `from place ${at}`}` },
        touched: collectionTouched(collectionId, { products: fresh, lists: false }),
      };
    });
  }

  /** Takes products out of the collection (they stay in the catalog); each must be in it. */
  async removeProducts(collectionId: string, productIds: readonly string[], actor: Actor): Promise<AdminCollectionRecord> {
    if (!isUuid(collectionId)) throw noCollection();
    return this.writer.write(actor, async (trx) => {
      const current = await this.locked(collectionId, trx);
      const named = await this.namedProducts(productIds, trx);
      const places = await this.repository.placesOf(collectionId, productIds, trx);
      for (const [i, id] of productIds.entries()) if (!places.has(id)) throw invalidInput(`productIds.${i}`, `${describe(named.get(id)!)} is not in this collection`);
      if (productIds.length === 0) return { result: await this.answer(collectionId, trx), audit: null };
      await this.repository.removeProducts(collectionId, productIds, trx);
      await this.repository.touch(collectionId, trx);
      const list = productIds.map((id) => describe(named.get(id)!)).join(", ");
      return { result: await this.answer(collectionId, trx), audit: { action: "collection_products_removed", details: `${describe(current)}: removed ${list}` }, touched: collectionTouched(collectionId, { products: productIds, lists: false }) };
    });
  }

  /** Moves a product of the collection to `position` (1 = first; past the end = last), the ones between shifting by one. */
  async moveProduct(collectionId: string, productId: string, position: number, actor: Actor): Promise<AdminCollectionRecord> {
    if (!isUuid(collectionId)) throw noCollection();
    return this.writer.write(actor, async (trx) => {
      const current = await this.locked(collectionId, trx);
      if (!isUuid(productId)) throw invalidInput("productId", "This product is not in this collection");
      await this.repository.closeGaps(collectionId, trx);
      const from = (await this.repository.placesOf(collectionId, [productId], trx)).get(productId);
      if (from === undefined) throw invalidInput("productId", "This product is not in this collection");
      const to = clamp(position, await this.repository.productCount(collectionId, trx));
      if (to === from) return { result: await this.answer(collectionId, trx), audit: null };
      await this.repository.moveProduct(collectionId, productId, from, to, trx);
      await this.repository.touch(collectionId, trx);
      const product = (await this.repository.productsNamed([productId], trx)).get(productId)!;
      return {
        result: await this.answer(collectionId, trx),
        audit: { action: "collection_product_moved", details: `${describe(current)}: moved ${describe(product)} from place ${from} to ${to}` },
        touched: collectionTouched(collectionId, { lists: false }),
      };
    });
  }

  /** Gives the collection an uploaded image (checked, resized once, content-addressed), in place of the one it had. */
  async setImage(collectionId: string, upload: Buffer, actor: Actor): Promise<AdminCollectionRecord> {
    if (!isUuid(collectionId) || !(await this.repository.find(collectionId))) throw noCollection();
    const prepared = await prepareCatalogImage(upload, MEDIA_FOLDER);
    return this.writer.write(actor, async (trx) => {
      const current = await this.locked(collectionId, trx);
      await this.media.storeInTransaction(prepared.files, trx);
      await this.repository.setImage(
        collectionId,
        { image_path: prepared.path, image_width: prepared.width, image_height: prepared.height, image_sources: prepared.sources },
        trx,
      );
      if (current.image && current.image.path !== prepared.path) await this.release(current.image, trx);
      return { result: await this.answer(collectionId, trx), audit: { action: "collection_image_set", details: `${describe(current)}: image set (${prepared.description})` }, touched: collectionTouched(collectionId, { lists: false }) };
    });
  }

  /** Removes the collection's image (the shop shows its placeholder). */
  async removeImage(collectionId: string, actor: Actor): Promise<AdminCollectionRecord> {
    if (!isUuid(collectionId)) throw noCollection();
    return this.writer.write(actor, async (trx) => {
      const current = await this.locked(collectionId, trx);
      if (!current.image) return { result: await this.answer(collectionId, trx), audit: null };
      await this.repository.setImage(collectionId, { image_path: null, image_width: null, image_height: null, image_sources: [] }, trx);
      await this.release(current.image, trx);
      return { result: await this.answer(collectionId, trx), audit: { action: "collection_image_deleted", details: `${describe(current)}: image removed` }, touched: collectionTouched(collectionId, { lists: false }) };
    });
  }

  private async locked(id: string, trx: Transaction<Database>): Promise<LockedCollection> {
    const current = await this.repository.lock(id, trx);
    if (!current) throw noCollection();
    return current;
  }

  /** Every id names a product (any status), each listed once. */
  private async namedProducts(productIds: readonly string[], trx: Transaction<Database>): Promise<Map<string, { title: string; handle: string }>> {
    const seen = new Set<string>();
    for (const [i, id] of productIds.entries()) {
      if (seen.has(id)) throw invalidInput(`productIds.${i}`, "This product is listed twice");
      seen.add(id);
    }
    const named = await this.repository.productsNamed(productIds.filter(isUuid), trx);
    for (const [i, id] of productIds.entries()) if (!named.has(id)) throw invalidInput(`productIds.${i}`, "No product with this id");
    return named;
  }

  private async claimHandle(handle: string, collectionId: string | null, trx: Transaction<Database>): Promise<void> {
    if (await this.repository.handleTaken(handle, collectionId, trx)) {
      throw new DomainError("CONFLICT", `Another collection already has the handle "${handle}"`, "handle");
    }
  }

  /** The files of an image no longer shown by the collection, unless something else shows them. */
  private async release(image: { path: string; sources: { path: string }[] }, trx: Transaction<Database>): Promise<void> {
    await this.media.releaseInTransaction([image.path, ...image.sources.map((s) => s.path)], (paths) => this.mediaInUse(paths, trx), trx);
  }

  private async answer(id: string, trx: Transaction<Database>): Promise<AdminCollectionRecord> {
    return (await this.repository.findInTransaction(id, trx))!;
  }
}
