import { useQuery } from "@apollo/client/react";
import { Box, Button, Center, chakra, Flex, Heading, HStack, Image, Spinner, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Download, Printer } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { Alert } from "../../../components/ui/recipes/alert";
import { EmptyState } from "../../../components/StateMessage";
import { SHOP_NAME } from "../../../lib/usePageMeta";
import { AdminQueryError } from "../AdminQueryError";
import { PackingSlipsDocument, type PackingSlipsQuery } from "../gql/graphql";
import { ordersCsvHref } from "./ordersSelection";

/** The gateway's limit on orders asked for at once (ADMIN_ORDERS_BY_IDS_MAX). */
const PACKING_SLIPS_MAX = 100;

type SlipOrder = PackingSlipsQuery["adminOrdersByIds"][number];

/** The ids of ?ids=a,b,c: trimmed, each once, in the order given. */
function idsOf(param: string | null): string[] {
  return [...new Set((param ?? "").split(",").map((id) => id.trim()).filter((id) => id !== ""))];
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

/** The ship-to address, line by line (the print partner's and courier's order). */
function addressLines(a: SlipOrder["shippingAddress"]): string[] {
  const region = [a.city, [a.provinceCode ?? a.province, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.name, a.address1, a.address2, region, a.country, a.phone ? `Phone: ${a.phone}` : null].filter((line): line is string => Boolean(line));
}

function itemCount(order: SlipOrder): string {
  const n = order.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  return `${n} ${n === 1 ? "item" : "items"}`;
}

/**
 * One order's slip: paper colours whatever the admin's colour mode (it is printed), the shop and
 * order, where it goes, and what is in the parcel (no prices).
 */
function PackingSlip({ order }: { order: SlipOrder }) {
  return (
    <Box
      as="article"
      aria-label={`Packing slip for order #${order.orderNumber}`}
      bg="white"
      color="gray.900"
      borderWidth="1px"
      borderColor="gray.300"
      borderRadius="md"
      p={{ base: "4", md: "8" }}
      css={{ breakInside: "avoid-page", "&:not(:last-of-type)": { breakAfter: "page" } }}
      _print={{ borderWidth: "0", borderRadius: "0", p: "0", boxShadow: "none" }}
    >
      <Stack gap="6">
        <Flex justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="bold" fontSize="xl">
              {SHOP_NAME}
            </Text>
            <Text color="gray.600" fontSize="sm">
              Packing slip
            </Text>
          </Stack>
          <Stack gap="0" textAlign={{ base: "start", sm: "end" }}>
            <Heading as="h2" size="lg" color="gray.900">
              Order #{order.orderNumber}
            </Heading>
            <Text color="gray.600" fontSize="sm">
              {formatDate(order.processedAt)}
            </Text>
          </Stack>
        </Flex>
        <Stack gap="1">
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" color="gray.600">
            Ship to
          </Text>
          <Box as="address" fontStyle="normal" lineHeight="tall">
            {addressLines(order.shippingAddress).map((line, i) => (
              <Text key={i} fontWeight={i === 0 ? "semibold" : "normal"}>
                {line}
              </Text>
            ))}
          </Box>
          <Text fontSize="sm" color="gray.600">
            {order.shippingMethod}
          </Text>
        </Stack>
        <chakra.table width="full" css={{ borderCollapse: "collapse" }}>
          <chakra.thead>
            <chakra.tr borderBottomWidth="2px" borderColor="gray.800">
              <chakra.th textAlign="start" py="2" fontSize="sm" colSpan={2}>
                Item
              </chakra.th>
              <chakra.th textAlign="end" py="2" fontSize="sm" width="16">
                Qty
              </chakra.th>
            </chakra.tr>
          </chakra.thead>
          <chakra.tbody>
            {order.lineItems.map((line) => {
              const src = line.design?.previewUrl ?? line.image?.url ?? null;
              return (
                <chakra.tr key={line.id} borderBottomWidth="1px" borderColor="gray.300">
                  <chakra.td py="3" pe="3" width="20">
                    <Box boxSize="16" borderWidth="1px" borderColor="gray.300" borderRadius="sm" overflow="hidden" bg="gray.50">
                      {src && <Image src={src} alt={line.design ? `Design on ${line.title}` : (line.image?.altText ?? "")} boxSize="full" objectFit="contain" />}
                    </Box>
                  </chakra.td>
                  <chakra.td py="3" verticalAlign="middle">
                    <Text fontWeight="medium">{line.title}</Text>
                    {line.variantTitle && (
                      <Text fontSize="sm" color="gray.600">
                        {line.variantTitle}
                      </Text>
                    )}
                  </chakra.td>
                  <chakra.td py="3" textAlign="end" fontWeight="semibold" fontSize="lg" verticalAlign="middle">
                    {line.quantity}
                  </chakra.td>
                </chakra.tr>
              );
            })}
          </chakra.tbody>
        </chakra.table>
        <Text fontSize="sm" color="gray.600">
          {itemCount(order)} · Thank you for your order.
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * /admin/orders/packing-slips?ids=<id>,<id>…: a printable page with one slip per order (each on a
 * page of its own when printed). The Print button, the unknown ids and the admin's header are not
 * printed.
 */
export default function PackingSlipsScreen() {
  const [params] = useSearchParams();
  const ids = idsOf(params.get("ids"));
  const tooMany = ids.length > PACKING_SLIPS_MAX;
  const { data, loading, error, refetch } = useQuery(PackingSlipsDocument, { variables: { ids }, skip: ids.length === 0 || tooMany, fetchPolicy: "network-only", ssr: false });
  const orders = data?.adminOrdersByIds ?? [];
  const found = new Set(orders.map((o) => o.id));
  const missing = data ? ids.filter((id) => !found.has(id)) : [];

  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="3" wrap="wrap" _print={{ display: "none" }}>
        <Button asChild variant="ghost" size="sm" ms="-2">
          <Link to="/admin/orders">
            <ArrowLeft aria-hidden="true" /> All orders
          </Link>
        </Button>
        <HStack gap="2" wrap="wrap">
          {orders.length > 0 && (
            <Button asChild variant="outline">
              <a href={ordersCsvHref(orders.map((o) => o.id))} download>
                <Download aria-hidden="true" /> Download CSV
              </a>
            </Button>
          )}
          <Button colorPalette="brand" onClick={() => window.print()} disabled={orders.length === 0}>
            <Printer aria-hidden="true" /> Print {orders.length === 1 ? "slip" : "slips"}
          </Button>
        </HStack>
      </HStack>
      <Heading as="h1" size={{ base: "xl", md: "2xl" }} _print={{ display: "none" }}>
        Packing slips{orders.length > 0 ? ` (${orders.length})` : ""}
      </Heading>
      {ids.length === 0 && <EmptyState title="No orders chosen" description="Choose orders in the list, then print their packing slips." headingLevel="h2" />}
      {tooMany && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            At most {PACKING_SLIPS_MAX} slips at once ({ids.length} chosen): print them in smaller batches.
          </Alert.Title>
        </Alert.Root>
      )}
      {loading && !data && (
        <Center py="16">
          <Spinner size="lg" color="brand.solid" aria-label="Loading packing slips" />
        </Center>
      )}
      {error && !data && <AdminQueryError error={error} what="packing slips" onRetry={() => void refetch()} />}
      {missing.length > 0 && (
        <Alert.Root status="warning" _print={{ display: "none" }}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {missing.length === 1 ? "One order was not found and has no slip:" : `${missing.length} orders were not found and have no slip:`}
            </Alert.Title>
            <Alert.Description wordBreak="break-all">{missing.join(", ")}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap="6" _print={{ gap: "0" }}>
        {orders.map((order) => (
          <PackingSlip key={order.id} order={order} />
        ))}
      </Stack>
    </Stack>
  );
}
