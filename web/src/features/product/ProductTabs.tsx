import { Box, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { Tabs } from "../../components/ui/recipes/tabs";
import { Link } from "react-router-dom";
import { ProductShippingDocument } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SHIPS_WITHIN } from "../info/policies";
import { freeShippingOffer } from "./freeShippingOffer";
import { ShippingRatesTable } from "../info/ShippingRatesTable";
import { ProductDescription } from "./ProductDescription";

interface ProductTabsProps {
  descriptionHtml: string;
  fulfillmentPartner: string;
  options: readonly { name: string; values: readonly string[] }[];
}

/**
 * spec §2: the tabs Product Details, Shipping and Returns.
 *
 * A panel is rendered when its tab is first chosen (`lazyMount`), so the page's HTML holds
 * the product's own panel only. The other two are the shop's general terms, hidden until chosen (so
 * of no use without JavaScript), and in full on /shipping and /returns, which they link to and the
 * footer and sitemap list; in every product page they were ~0.6 kB of its brotli HTML, with the rates'
 * data. The Shipping tab asks for the rates when it is pointed at or focused, before the click.
 */
export function ProductTabs({ descriptionHtml, fulfillmentPartner, options }: ProductTabsProps) {
  const client = useApolloClient();
  const warmShipping = () => void client.query({ query: ProductShippingDocument }).catch(() => undefined);
  return (
    <Tabs.Root defaultValue="details" variant="line" mt={{ base: "10", md: "14" }} fitted={false} lazyMount>
      <Tabs.List overflowX="auto">
        <Tabs.Trigger value="details">Product Details</Tabs.Trigger>
        <Tabs.Trigger value="shipping" onPointerEnter={warmShipping} onFocus={warmShipping}>
          Shipping
        </Tabs.Trigger>
        <Tabs.Trigger value="returns">Returns</Tabs.Trigger>
      </Tabs.List>
      <Box maxW="3xl" pt="2" css={{ "& a": { color: "brand.fg", textDecoration: "underline" } }}>
        <Tabs.Content value="details">
          <ProductDescription html={descriptionHtml} />
          {/* A dl holds only dt/dd groups, each group wrapped in a div (HTML's content model). */}
          <Stack as="dl" gap="1" mt="4" fontSize="sm">
            <div>
              <Text as="dt" display="inline" fontWeight="semibold">
                {"Made and shipped by: "}
              </Text>
              <Text as="dd" display="inline">
                {fulfillmentPartner}
              </Text>
            </div>
            {options.map((option) => (
              <div key={option.name}>
                <Text as="dt" display="inline" fontWeight="semibold">
                  {`${option.name}: `}
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
          <ShippingRates />
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

/** The checkout's rates; a failure leaves the panel's text and its link to /shipping. */
function ShippingRates() {
  const { data, loading } = useQuery(ProductShippingDocument);
  if (loading) return <Skeleton height="32" mb="4" />;
  if (!data) return null;
  return (
    <>
      <ShippingRatesTable shop={data.shop} />
      <Text mb="3">
        Standard shipping is free on orders of {formatPrice(data.shop.freeShipping.threshold.amount)} or more{freeShippingOffer(data.shop.freeShipping)}.
      </Text>
    </>
  );
}
