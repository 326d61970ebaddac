import { HStack, Link as ChakraLink, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { ORDER_TABS, writeOrderListParams, type OrderListParams, type OrderTabCounts } from "./orderListParams";

/** The list's views with how many orders each holds under the same search and dates; links, so each can be opened apart. */
export function OrderViewTabs({ list, counts }: { list: OrderListParams; counts: OrderTabCounts | null }) {
  return (
    <HStack as="nav" aria-label="Order views" gap="1" overflowX="auto" borderBottomWidth="1px" pb="1">
      {ORDER_TABS.map((tab) => {
        const current = tab.value === list.tab;
        const query = writeOrderListParams({ ...list, tab: tab.value, sort: null }).toString();
        return (
          <ChakraLink
            key={tab.value}
            asChild
            display="flex"
            alignItems="center"
            gap="1.5"
            whiteSpace="nowrap"
            px="3"
            py="1.5"
            borderRadius="md"
            fontWeight="medium"
            color={current ? "brand.fg" : "fg"}
            bg={current ? "bg.muted" : undefined}
            _hover={{ bg: "bg.muted", textDecoration: "none" }}
          >
            <Link to={`/admin/orders${query ? `?${query}` : ""}`} aria-current={current ? "page" : undefined}>
              {tab.label}
              {counts && (
                <Text as="span" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {counts[tab.count]}
                </Text>
              )}
            </Link>
          </ChakraLink>
        );
      })}
    </HStack>
  );
}
