import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { ProductImage } from "../../components/ProductImage";
import { formatCents, formatPrice, lineTotalCents } from "../../lib/money";
import { lineKindOf } from "./lineAttributes";
import { hasUsablePrice, type LocalCartLine } from "./localCart";

/**
 * Image, title, variant and unit price of a cart line ("Price error" when it has none). A customised
 * line shows its design's preview, which the studio stored as the line's image, and its print-quality
 * warning when the upload gave one.
 */
export function CartLineSummary({ line, imageSize = "64px", showPrice = true }: { line: LocalCartLine; imageSize?: string; showPrice?: boolean }) {
  const kind = lineKindOf(line);
  const custom = kind === "design";
  // A meme gallery line (the meme's product with the meme recorded on the line).
  const meme = kind === "meme";
  return (
    <HStack gap="3" align="start" minWidth="0">
      <ProductImage
        src={line.image}
        // A plain line's photo only repeats the title beside it (axe: image-redundant-alt); a design or a meme is content.
        alt={custom ? `Your design on ${line.title || "the product"}` : meme ? `The meme on ${line.title || "the product"}` : ""}
        boxSize={imageSize}
        flexShrink={0}
        objectFit="cover"
        borderRadius="md"
        borderWidth="1px"
        bg="bg.subtle"
      />
      <Stack gap="0.5" minWidth="0">
        <Text fontWeight="semibold" lineClamp={2}>
          {line.title || "Untitled item"}
        </Text>
        {line.variantTitle && (
          <Text fontSize="sm" color="fg.muted">
            {line.variantTitle}
          </Text>
        )}
        {custom && (
          <Text fontSize="sm" color="brand.fg" fontWeight="medium">
            Custom design
          </Text>
        )}
        {custom && line.printWarning && <PrintWarning text={line.printWarning} />}
        {meme && (
          <Text fontSize="sm" color="brand.fg" fontWeight="medium">
            Meme print
          </Text>
        )}
        {showPrice && (
          <Box fontSize="sm">
            <LinePrice line={line} />
          </Box>
        )}
      </Stack>
    </HStack>
  );
}

/** spec §2: a row without a price shows "Price error". */
export function LinePrice({ line, total = false }: { line: LocalCartLine; total?: boolean }) {
  if (!hasUsablePrice(line)) {
    return (
      <Text as="span" color="fg.error" fontWeight="medium">
        Price error
      </Text>
    );
  }
  return <Text as="span">{total ? formatCents(lineTotalCents(line.price, line.quantity) ?? 0) : formatPrice(line.price)}</Text>;
}

/**
 * A custom design's print-quality warning under its line's title (cart, order): the gateway's words,
 * in the warning colour, announced as what it is to a screen reader. (Kept here rather than in a
 * module of its own: every shared chunk costs the first visit a line in the lazy-load map.)
 */
export function PrintWarning({ text }: { text: string }) {
  return (
    <Text fontSize="sm" color="orange.fg" fontWeight="medium">
      <Text as="span" srOnly>
        Print quality:{" "}
      </Text>
      {text}
    </Text>
  );
}

/**
 * The `css` of a list of cart lines: a rule between lines drawn by the lines themselves, since a
 * list may hold nothing but its items (Stack's `separator` puts elements between them).
 */
export const LINES_SEPARATED = { "& > li + li": { borderTopWidth: "1px", paddingTop: "4" } } as const;
