import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError, invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { MediaService } from "../media/media.service.js";
import { CATALOG_IMAGE_WIDTHS, prepareCatalogImage } from "./catalog-image.js";
import { productsTouched } from "./catalog.changes.js";
import type { CatalogWriter } from "./catalog.writer.js";
import type { ProductAdminRepository } from "./product-admin.repository.js";
import type { AdminImageRecord, AdminProductRecord } from "./product-admin.records.js";
import type { ProductImagesRepository, StoredImage } from "./product-images.repository.js";

/** The widths made of every upload for `srcset` (WebP), never wider than the original. */
export const PRODUCT_IMAGE_WIDTHS = CATALOG_IMAGE_WIDTHS;
/** A product's gallery holds at most this many images. */
export const MAX_PRODUCT_IMAGES = 250;
/** Below /media: where product images are kept. */
const MEDIA_FOLDER = "products";

/** An upload as the edge checked it: the file's bytes and its alternative text (trimmed). */
export interface ProductImageUpload {
  image: Buffer;
  altText: string;
}

/** A write's answer: the product as saved, and the image it was about (null when it was removed). */
export interface ProductImageChange {
  product: AdminProductRecord;
  image: AdminImageRecord | null;
}

const noProduct = () => notFound("No product with this id");
const noImage = () => notFound("No image with this id among the product's images");

function describe(product: { title: string; handle: string }): string {
  return `"${product.title}" (${product.handle})`;
}

/**
 * A product's gallery on the shop's side. An upload is checked by the one image check (decoded
 * whole, at most 50 megapixels), resized once into WebP widths for `srcset`, and kept
 * content-addressed in media; every change goes through the catalog writer (one transaction with
 * its audit entry, the product's updated_at bumped, one announcement after commit).
 */
export class ProductImagesService {
  constructor(
    private readonly images: ProductImagesRepository,
    private readonly products: ProductAdminRepository,
    private readonly media: MediaService,
    private readonly writer: CatalogWriter,
  ) {}

  /** Adds an image at the end of the product's gallery. */
  async upload(productId: string, upload: ProductImageUpload, actor: Actor): Promise<ProductImageChange> {
    if (!isUuid(productId) || !(await this.images.productExists(productId))) throw noProduct();
    const prepared = await prepareCatalogImage(upload.image, MEDIA_FOLDER);
    return this.writer.write(actor, async (trx) => {
      const product = await this.lockedProduct(productId, trx);
      if ((await this.images.imagesOf(productId, trx)).length >= MAX_PRODUCT_IMAGES) {
        throw new DomainError("CONFLICT", `A product has at most ${MAX_PRODUCT_IMAGES} images: remove one first`, "image");
      }
      await this.media.storeInTransaction(prepared.files, trx);
      const { path, width, height, sources } = prepared;
      const imageId = await this.images.append(productId, { path, altText: upload.altText, width, height, sources }, trx);
      const change = await this.answer(productId, imageId, trx);
      return { result: change, audit: { action: "product_image_added", details: `${describe(product)}: image ${imageId} added (${prepared.description}, at ${change.image!.position})` }, touched: productsTouched([productId]) };
    });
  }

  /** Changes an image's alternative text. */
  async updateAltText(productId: string, imageId: string, altText: string, actor: Actor): Promise<ProductImageChange> {
    if (!isUuid(productId)) throw noProduct();
    return this.writer.write(actor, async (trx) => {
      const product = await this.lockedProduct(productId, trx);
      const image = this.imageOf(await this.images.imagesOf(productId, trx), imageId);
      if (image.altText === altText) {
        const unchanged = await this.productIn(productId, trx);
        return { result: { product: unchanged, image: unchanged.images.find((i) => i.id === imageId) ?? null }, audit: null };
      }
      await this.images.setAltText(imageId, altText, trx);
      const change = await this.answer(productId, imageId, trx);
      return { result: change, audit: { action: "product_image_updated", details: `${describe(product)}: image ${imageId}'s alternative text changed` }, touched: productsTouched([productId]) };
    });
  }

  /** Puts the product's images in the order of `imageIds`, which lists each of them once. */
  async reorder(productId: string, imageIds: readonly string[], actor: Actor): Promise<AdminProductRecord> {
    if (!isUuid(productId)) throw noProduct();
    return this.writer.write(actor, async (trx) => {
      const product = await this.lockedProduct(productId, trx);
      const current = await this.images.imagesOf(productId, trx);
      const known = new Set(current.map((image) => image.id));
      const listed = new Set<string>();
      for (const [i, id] of imageIds.entries()) {
        if (!known.has(id)) throw invalidInput(`imageIds.${i}`, "This image is not one of the product's");
        if (listed.has(id)) throw invalidInput(`imageIds.${i}`, "This image is listed twice");
        listed.add(id);
      }
      if (listed.size !== current.length) throw invalidInput("imageIds", `List every one of the product's ${current.length} images, in the new order`);
      if (current.every((image, i) => image.id === imageIds[i])) return { result: await this.productIn(productId, trx), audit: null };
      await this.images.setOrder(productId, imageIds, trx);
      await this.writer.refreshDerived(productId, trx);
      return { result: await this.productIn(productId, trx), audit: { action: "product_images_reordered", details: `${describe(product)}: images reordered` }, touched: productsTouched([productId]) };
    });
  }

  /**
   * Removes an image: the variants that showed it show none, the images after it move up, and its
   * files go from media unless something else still shows them (another image of the same bytes,
   * an order's line).
   */
  async delete(productId: string, imageId: string, actor: Actor): Promise<AdminProductRecord> {
    if (!isUuid(productId)) throw noProduct();
    return this.writer.write(actor, async (trx) => {
      const product = await this.lockedProduct(productId, trx);
      const image = this.imageOf(await this.images.imagesOf(productId, trx), imageId);
      await this.images.remove(productId, image, trx);
      await this.media.releaseInTransaction([image.path, ...image.sources.map((s) => s.path)], (paths) => this.images.mediaPathsInUse(paths, trx), trx);
      await this.writer.refreshDerived(productId, trx);
      return { result: await this.productIn(productId, trx), audit: { action: "product_image_deleted", details: `${describe(product)}: image ${imageId} deleted (it was at ${image.position})` }, touched: productsTouched([productId]) };
    });
  }

  private async lockedProduct(productId: string, trx: Transaction<Database>): Promise<{ title: string; handle: string }> {
    const product = await this.products.lockProduct(productId, trx);
    if (!product) throw noProduct();
    return product;
  }

  private imageOf(images: StoredImage[], imageId: string): StoredImage {
    const image = isUuid(imageId) ? images.find((i) => i.id === imageId) : undefined;
    if (!image) throw noImage();
    return image;
  }

  /** After a change to one image: the product's updated_at bumped, and the product and image as saved. */
  private async answer(productId: string, imageId: string, trx: Transaction<Database>): Promise<ProductImageChange> {
    await this.writer.refreshDerived(productId, trx);
    const product = await this.productIn(productId, trx);
    return { product, image: product.images.find((i) => i.id === imageId) ?? null };
  }

  private async productIn(productId: string, trx: Transaction<Database>): Promise<AdminProductRecord> {
    return (await this.products.findInTransaction(productId, trx))!;
  }
}
