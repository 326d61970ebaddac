import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { Tabs } from "../../components/ui/recipes/tabs";
import { Link } from "react-router-dom";
import type { ShippingRates_ShopFragment } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SHIPS_WITHIN } from "../info/policies";
import { ShippingRatesTable } from "../info/ShippingRatesTable";
import { ProductDescription } from "./ProductDescription";

interface ProductTabsProps {
  descriptionHtml: string;
  fulfillmentPartner: string;
  options: readonly { name: string; values: readonly string[] }[];
  shop: ShippingRates_ShopFragment | null;
}

/** spec §2: the tabs Product Details, Shipping and Returns. */
export function ProductTabs({ descriptionHtml, fulfillmentPartner, options, shop }: ProductTabsProps) {
  return (
    <Tabs.Root defaultValue="details" variant="line" mt={{ base: "10", md: "14" }} fitted={false}>
      <Tabs.List overflowX="auto">
        <Tabs.Trigger value="details">Product Details</Tabs.Trigger>
        <Tabs.Trigger value="shipping">Shipping</Tabs.Trigger>
        <Tabs.Trigger value="returns">Returns</Tabs.Trigger>
      </Tabs.List>
      <Box maxW="3xl" pt="2" css={{ "& a": { color: "brand.fg", textDecoration: "underline" } }}>
        <Tabs.Content value="details">
          <ProductDescription html={descriptionHtml} />
          {/* A dl holds only dt/dd groups, each group wrapped in a div (HTML's content model). */}
          <Stack as="dl" gap="1" mt="4" fontSize="sm">
            <div>
              <Text as="dt" display="inline" fontWeight="semibold">
                Made and shipped by:{" "}
              </Text>
              <Text as="dd" display="inline">
                {fulfillmentPartner}
              </Text>
            </div>
            {options.map((option) => (
              <div key={option.name}>
                <Text as="dt" display="inline" fontWeight="semibold">
                  {option.name}:{" "}
                </Text>
                <Text as="dd" display="inline">
                  {option.values.join(", ")}
                </Text>
              </div>
            ))}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="shipping">
          <Heading as="h2" size="md" mb="2">
            Shipping
          </Heading>
          <Text mb="4">Printed on demand for you and handed to the carrier within {SHIPS_WITHIN}.</Text>
          {shop && <ShippingRatesTable shop={shop} />}
          {shop && <Text mb="3">Standard shipping is free on orders of {formatPrice(shop.freeShippingThreshold.amount)} or more.</Text>}
          <Text>
            More on the <Link to="/shipping">shipping page</Link>.
          </Text>
        </Tabs.Content>
        <Tabs.Content value="returns">
          <Heading as="h2" size="md" mb="2">
            Returns
          </Heading>
          <Text mb="3">
            Each item is made to order, so we accept returns within {RETURN_WINDOW_DAYS} days of delivery for {RETURN_CONDITION}. We
            replace or refund them at no cost to you; send us your order number and a photo.
          </Text>
          <Text>
            See the <Link to="/returns">full returns policy</Link>.
          </Text>
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
