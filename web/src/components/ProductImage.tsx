import { Image, type ImageProps } from "@chakra-ui/react";
import { useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/product-placeholder.svg";

type ProductImageProps = Omit<ImageProps, "src" | "alt" | "srcSet"> & {
  src: string | null | undefined;
  alt: string;
  /** The image's sizes ("url 320w, …"), chosen from by `sizes`; dropped with the placeholder. */
  srcSet?: string | null;
  /**
   * The screen's largest image, in view when the page opens: fetched at once and before
   * other images, not when it nears the viewport. The screen also names it as its head's
   * `preloadImage`, so the gateway's page asks for it before its markup is even parsed.
   */
  priority?: boolean;
};

/** An image that shows the placeholder when its address is empty or fails to load (spec §2/§8). */
export function ProductImage({ src, srcSet, alt, priority = false, ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const ok = src && src !== failed;
  const fetching = priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  return <Image src={ok ? src : PLACEHOLDER_IMAGE} srcSet={(ok && srcSet) || undefined} alt={alt} {...fetching} onError={() => src && setFailed(src)} {...rest} />;
}
