import { useCallback, useRef, useState } from "react";
import { notify } from "../../components/ui/toaster";
import { designLineAttributes } from "../cart/lineAttributes";
import { priceForCart, useAddToCart } from "../product/useAddToCart";
import { loadImage } from "./designImages";
import { renderPreview, renderPrintFile, saveFile } from "./designExport";
import type { ImageKind } from "./designLayout";
import type { DesignState } from "./designState";
import type { Scene } from "./drawDesign";
import type { Stage } from "./studioStage";
import { uploadDesign, type UploadedDesign } from "./uploadDesign";
import { sceneOf, uploadDpi } from "./useStudioScene";

export interface StudioSources {
  design: DesignState;
  /** Where the design goes on the chosen product (its blank and print area). */
  stage: Stage;
  /** The chosen colour's blank mock-up, when the product has one. */
  blankUrl: string | null;
  /** The meme's or the uploaded image's address (a data: URL for an upload). */
  image: { kind: ImageKind; url: string } | null;
  product: { title: string } | null;
  variant: { id: string; title: string; price: { amount: string } } | null;
}

/** The design laid out with every picture loaded (the export must not miss one that is still on its way). */
async function loadScene({ design, stage, blankUrl, image }: StudioSources): Promise<Scene> {
  const [blank, picture] = await Promise.all([blankUrl ? loadImage(blankUrl) : null, image ? loadImage(image.url) : null]);
  return sceneOf(design, { blank, image: picture && image ? { ...picture, kind: image.kind } : null }, stage);
}

/** The gateway records a picture's resolution up to this many pixels per inch (sharper prints no better). */
const MAX_RECORDED_DPI = 100_000;

/** Download (custom-design.png, "Design Downloaded") and Add to Cart (upload, then the cart). */
export function useStudioActions(sources: StudioSources) {
  const addToCart = useAddToCart();
  const [downloading, setDownloading] = useState(false);
  const [adding, setAdding] = useState(false);
  // The same design added twice is one upload, so the cart raises that line's quantity.
  const lastUpload = useRef<{ key: string; imageUrl: string | null; design: UploadedDesign } | null>(null);

  const download = useCallback(async () => {
    setDownloading(true);
    try {
      saveFile(await renderPreview(await loadScene(sources)));
      notify({ title: "Design Downloaded", description: "Your design was saved as custom-design.png.", type: "success" });
    } catch {
      notify({ title: "Download failed", description: "Your design could not be saved as an image. Please try again.", type: "error" });
    } finally {
      setDownloading(false);
    }
  }, [sources]);

  const add = useCallback(async () => {
    const { design, product, variant, image } = sources;
    if (!design.productId || !product || !variant) {
      notify({ title: "Product Required", description: "Please select a product to add to cart.", type: "warning" });
      return;
    }
    // Checked before the upload too: a design for a variant the cart cannot take is not stored.
    if (priceForCart(variant) === null) return;
    setAdding(true);
    try {
      const key = JSON.stringify([design, sources.blankUrl, sources.stage]);
      const imageUrl = image?.url ?? null;
      let uploaded = lastUpload.current && lastUpload.current.key === key && lastUpload.current.imageUrl === imageUrl ? lastUpload.current.design : null;
      if (!uploaded) {
        const scene = await loadScene(sources);
        // From the scene as uploaded (its pictures loaded), not the preview's, which may still be loading.
        const dpi = uploadDpi(scene, image?.url ?? null);
        const printDpi = dpi === null ? null : Math.min(MAX_RECORDED_DPI, Math.max(1, Math.floor(dpi)));
        const preview = await renderPreview(scene);
        const print = await renderPrintFile(scene);
        const result = await uploadDesign({ preview, print }, { ...design, image: image?.kind ?? null, printDpi });
        if (!result.ok) {
          notify({ title: "Design upload failed", description: result.message, type: "error" });
          return;
        }
        uploaded = result.design;
        lastUpload.current = { key, imageUrl, design: uploaded };
      }
      // The meme is recorded only while the design shows it (an upload replaces it on the canvas).
      const customAttributes = designLineAttributes(uploaded.id, image?.kind === "meme" ? design.memeId : null);
      addToCart({ productTitle: product.title, image: uploaded.previewUrl, variant, quantity: 1, customAttributes, printWarning: uploaded.printWarning });
    } catch (error) {
      notify({
        title: "Design upload failed",
        description: error instanceof Error && error.message ? error.message : "Your design could not be prepared. Please try again.",
        type: "error",
      });
    } finally {
      setAdding(false);
    }
  }, [sources, addToCart]);

  return { download, downloading, addToCart: add, adding };
}
