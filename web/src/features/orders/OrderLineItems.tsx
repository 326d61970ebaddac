import { Box, Grid, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { PrintWarning } from "../cart/CartLineSummary";
import { ProductImage } from "../../components/ProductImage";
import type { OrderLineItem_LineFragment } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";

/**
 * /order/{id}: every line with its picture (a custom design's mock-up for its line), title, variant,
 * design and its print-quality warning, quantity, unit price and total.
 */
export function OrderLineItems({ lines }: { lines: OrderLineItem_LineFragment[] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label="Items in this order">
      {lines.map((line) => (
        <Grid
          as="li"
          key={line.id}
          templateColumns={{ base: "64px 1fr", md: "80px 1fr auto" }}
          gap={{ base: "3", md: "4" }}
          py="4"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: "0" }}
          alignItems="start"
        >
          <ProductImage
            src={line.image?.url}
            alt={line.image?.altText || line.title}
            boxSize={{ base: "64px", md: "80px" }}
            objectFit="cover"
            borderRadius="md"
            borderWidth="1px"
            bg="bg.subtle"
          />
          <Stack gap="1" minWidth="0">
            <ChakraLink asChild fontWeight="semibold" color="fg">
              <Link to={`/product/${encodeURIComponent(line.productHandle)}`}>{line.title}</Link>
            </ChakraLink>
            {line.variantTitle && (
              <Text fontSize="sm" color="fg.muted">
                {line.variantTitle}
              </Text>
            )}
            {line.design && (
              <Text fontSize="sm" color="brand.fg" fontWeight="medium">
                Custom design
              </Text>
            )}
            {line.design?.printWarning && <PrintWarning text={line.design.printWarning} />}
            <Text fontSize="sm" color="fg.muted">
              Qty {line.quantity} × {formatPrice(line.originalUnitPrice.amount)}
            </Text>
            <Text hideFrom="md" fontWeight="semibold">
              {formatPrice(line.originalTotalPrice.amount)}
            </Text>
          </Stack>
          <Box hideBelow="md" textAlign="end">
            <Text fontWeight="semibold">{formatPrice(line.originalTotalPrice.amount)}</Text>
          </Box>
        </Grid>
      ))}
    </Stack>
  );
}
