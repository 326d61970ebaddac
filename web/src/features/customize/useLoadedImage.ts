import { useEffect, useState } from "react";
import { loadImage } from "./designImages";
import type { LoadedImage } from "./drawDesign";

type ImageStatus = "none" | "loading" | "loaded" | "failed";

/** The image at `url` once it has loaded (null while loading, after a failure, or without a url). */
export function useLoadedImage(url: string | null | undefined): { image: LoadedImage | null; status: ImageStatus } {
  const [result, setResult] = useState<{ url: string; image: LoadedImage | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (!url) return;
    let current = true;
    loadImage(url).then(
      (image) => current && setResult({ url, image, failed: false }),
      () => current && setResult({ url, image: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [url]);

  if (!url) return { image: null, status: "none" };
  if (result?.url !== url) return { image: null, status: "loading" };
  return { image: result.image, status: result.failed ? "failed" : "loaded" };
}
