import { Image, type ImageProps } from "@chakra-ui/react";
import { useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/product-placeholder.svg";

/** An image that shows the placeholder when its address is empty or fails to load (spec §2/§8). */
export function ProductImage({ src, alt, ...rest }: Omit<ImageProps, "src" | "alt"> & { src: string | null | undefined; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : PLACEHOLDER_IMAGE;
  return <Image src={usable} alt={alt} loading="lazy" onError={() => src && setFailed(src)} {...rest} />;
}
