import { useQuery } from "@apollo/client/react";
import { Box, Button, Heading, HStack, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { AdminQueryError } from "../AdminQueryError";
import { formatDateTime, formatMoney } from "../adminFormat";
import { AdminHomeDocument, type AdminHomePeriodFieldsFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { HomeChart } from "./HomeChart";
import { browserTimeZone, FAILED_PARTNER_HREF, ordersPlacedHref, productOrdersHref, TO_SHIP_HREF } from "./homeLinks";

type PeriodKey = "today" | "last7Days" | "last30Days";

const PERIODS: readonly { key: PeriodKey; label: string; title: string; phrase: string }[] = [
  { key: "today", label: "Today", title: "Today", phrase: "today" },
  { key: "last7Days", label: "7 days", title: "Last 7 days", phrase: "in the last 7 days" },
  { key: "last30Days", label: "30 days", title: "Last 30 days", phrase: "in the last 30 days" },
];

const orders = (n: number) => (n === 1 ? "1 order" : `${n} orders`);

/** A figure as a card that leads to the orders behind it. */
function Figure({ href, label, value, detail, tone, wide }: { href: string; label: string; value: string; detail: ReactNode; tone?: "attention" | "danger"; wide?: boolean }) {
  return (
    <ChakraLink
      asChild
      display="block"
      gridColumn={wide ? { base: "span 2", md: "auto" } : undefined}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
      color="fg"
      p={{ base: "3", md: "5" }}
      _hover={{ borderColor: "brand.fg", textDecoration: "none" }}
    >
      <RouterLink to={href}>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium" color="fg.muted">
            {label}
          </Text>
          <Text fontSize={{ base: "xl", md: "2xl" }} fontWeight="bold" lineHeight="short" color={tone === "danger" ? "red.fg" : tone === "attention" ? "orange.fg" : "fg"}>
            {value}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {detail}
          </Text>
        </Stack>
      </RouterLink>
    </ChakraLink>
  );
}

function BestSellers({ periods }: { periods: Record<PeriodKey, AdminHomePeriodFieldsFragment> }) {
  const [chosen, setChosen] = useState<PeriodKey>("last7Days");
  const period = periods[chosen];
  const phrase = PERIODS.find((p) => p.key === chosen)!.phrase;
  return (
    <Panel title="Best sellers" id="home-best-sellers">
      <HStack gap="1" role="group" aria-label="Period">
        {PERIODS.map((p) => (
          <Button key={p.key} size="xs" variant={p.key === chosen ? "solid" : "outline"} colorPalette={p.key === chosen ? "brand" : undefined} aria-pressed={p.key === chosen} onClick={() => setChosen(p.key)}>
            {p.label}
          </Button>
        ))}
      </HStack>
      {period.bestSellers.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Nothing sold {phrase}.
        </Text>
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" aria-label={`Best sellers ${phrase}`}>
          {period.bestSellers.map((product, i) => (
            <HStack as="li" key={product.productId ?? product.title} gap="3" py="2" borderTopWidth={i === 0 ? "0" : "1px"} align="baseline">
              <Text color="fg.muted" fontSize="sm" width="4" flexShrink={0} aria-hidden="true">
                {i + 1}
              </Text>
              <Box flex="1" minW="0">
                {product.productId ? (
                  <ChakraLink asChild color="brand.fg" fontWeight="medium">
                    <RouterLink to={productOrdersHref(product.productId, period.from, period.to)}>{product.title}</RouterLink>
                  </ChakraLink>
                ) : (
                  <Text fontWeight="medium">{product.title}</Text>
                )}
              </Box>
              <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                {product.quantity} sold
              </Text>
              <Text fontSize="sm" fontWeight="medium" whiteSpace="nowrap" textAlign="end" minW="20">
                {formatMoney(product.revenue)}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function Loading() {
  return (
    <Stack gap="5" role="status" aria-label="Loading the shop's figures">
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: "3", md: "4" }}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={{ base: "24", md: "28" }} borderRadius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height="64" borderRadius="lg" />
      <Skeleton height="56" borderRadius="lg" />
    </Stack>
  );
}

/** The staff's first screen: how the shop is doing today and lately, and what needs them. */
export function HomeScreen() {
  const [timeZone] = useState(browserTimeZone);
  const { data, loading, error, refetch } = useQuery(AdminHomeDocument, { variables: { timeZone }, fetchPolicy: "cache-and-network", ssr: false });
  const home = data?.adminHome;
  const quiet = home && home.last30Days.orders === 0 && home.toShip.count === 0 && home.failedPartnerJobs === 0;
  return (
    <Stack gap="5">
      <Stack gap="0.5">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Home
        </Heading>
        {home && (
          <Text color="fg.muted" fontSize="sm">
            Days run midnight to midnight in {home.timeZone}.
          </Text>
        )}
      </Stack>
      {!home && loading ? (
        <Loading />
      ) : !home ? (
        <AdminQueryError error={error} what="the shop's figures" onRetry={() => void refetch().catch(() => undefined)} />
      ) : (
        <>
          <SimpleGrid as="section" aria-label="Figures" columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: "3", md: "4" }}>
            {PERIODS.map((p) => (
              <Figure key={p.key} href={ordersPlacedHref(home[p.key].from, home[p.key].to)} label={p.title} value={orders(home[p.key].orders)} detail={`${formatMoney(home[p.key].netRevenue)} net`} />
            ))}
            <Figure
              href={TO_SHIP_HREF}
              label="To ship"
              value={orders(home.toShip.count)}
              tone={home.toShip.count > 0 ? "attention" : undefined}
              detail={home.toShip.oldestPaidAt ? `Oldest paid ${formatDateTime(home.toShip.oldestPaidAt)}` : "Nothing waiting"}
            />
            <Figure
              href={FAILED_PARTNER_HREF}
              label="Print partner failed"
              wide
              value={orders(home.failedPartnerJobs)}
              tone={home.failedPartnerJobs > 0 ? "danger" : undefined}
              detail={home.failedPartnerJobs > 0 ? "Retry from each order" : "No failed jobs"}
            />
          </SimpleGrid>
          {quiet ? (
            <EmptyState title="No orders yet" description="Paid orders of the last 30 days show here, day by day, with the products that sell best." headingLevel="h2" />
          ) : (
            <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: "3", md: "4" }} alignItems="start">
              <Box gridColumn={{ lg: "span 3" }}>
                <Panel title="Last 30 days" id="home-chart">
                  <HomeChart days={home.days} />
                </Panel>
              </Box>
              <Box gridColumn={{ lg: "span 2" }}>
                <BestSellers periods={home} />
              </Box>
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
