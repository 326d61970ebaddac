import { Image, type ImageProps } from "@chakra-ui/react";
import { useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/product-placeholder.svg";

type ProductImageProps = Omit<ImageProps, "src" | "alt"> & {
  src: string | null | undefined;
  alt: string;
  /**
   * The screen's largest image, in view when the page opens: fetched at once and before
   * other images, not when it nears the viewport. The screen also names it as its head's
   * `preloadImage`, so the gateway's page asks for it before its markup is even parsed.
   */
  priority?: boolean;
};

/** An image that shows the placeholder when its address is empty or fails to load (spec §2/§8). */
export function ProductImage({ src, alt, priority = false, ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : PLACEHOLDER_IMAGE;
  const fetching = priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  return <Image src={usable} alt={alt} {...fetching} onError={() => src && setFailed(src)} {...rest} />;
}
