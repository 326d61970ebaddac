import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { formatMoney } from "../adminFormat";
import { useNavigate } from "react-router-dom";
import { formatDay, ordersPlacedHref } from "./homeLinks";

export interface ChartDay {
  date: string;
  orders: number;
  netRevenue: { amount: string; currencyCode: string };
}

// The drawing's own units: one slot per day, the bars' and the line's heights below the top margin.
const SLOT = 10;
const HEIGHT = 100;
const TOP = 8;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Orders per day as bars and net revenue per day as a line, each on its own scale (the largest day
 * reaches the top). Each day is a link to its orders (pointer or keyboard).
 */
export function HomeChart({ days }: { days: readonly ChartDay[] }) {
  const navigate = useNavigate();
  const width = days.length * SLOT;
  const revenue = days.map((d) => Math.max(0, Number(d.netRevenue.amount) || 0));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const maxRevenue = Math.max(...revenue, 0);
  const currencyCode = days[0]?.netRevenue.currencyCode ?? "USD";
  const y = (value: number, max: number) => HEIGHT - (max > 0 ? (value / max) * (HEIGHT - TOP) : 0);
  const points = revenue.map((value, i) => `${i * SLOT + SLOT / 2},${y(value, maxRevenue)}`).join(" ");
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `Orders and net revenue per day from ${formatDay(first.date)} to ${formatDay(last.date)}: ${plural(totalOrders, "order", "orders")} in all, at most ${plural(
          Math.max(...days.map((d) => d.orders)),
          "order",
          "orders",
        )} and ${formatMoney({ amount: maxRevenue.toFixed(2), currencyCode })} in a day.`
      : "No days to show.";
  return (
    <Stack gap="2">
      <HStack justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
        <Text>{plural(maxOrders, "order", "orders")}</Text>
        <Text>{formatMoney({ amount: maxRevenue.toFixed(2), currencyCode })}</Text>
      </HStack>
      <Box
        height={{ base: "36", md: "48" }}
        borderBottomWidth="1px"
        borderColor="border.emphasized"
        css={{
          // Lighter than the panel in the dark theme as in the light one.
          "& .home-bar": { fill: "brand.200", _dark: { fill: "brand.500" } },
          "& .home-bar:hover": { fill: "brand.400", _dark: { fill: "brand.300" } },
          "& .home-line": { stroke: "orange.fg" },
          "& .home-grid": { stroke: "border" },
          "& a:focus-visible .home-slot": { fill: "bg.emphasized" },
          "& a:focus": { outline: "none" },
        }}
      >
        <svg role="group" aria-label={summary} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" width="100%" height="100%" style={{ display: "block", overflow: "visible" }}>
          <line className="home-grid" x1="0" x2={width} y1={TOP} y2={TOP} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          <line className="home-grid" x1="0" x2={width} y1={TOP + (HEIGHT - TOP) / 2} y2={TOP + (HEIGHT - TOP) / 2} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          {days.map((day, i) => {
            const label = `${formatDay(day.date)}: ${plural(day.orders, "order", "orders")}, ${formatMoney(day.netRevenue)} net`;
            const href = ordersPlacedHref(day.date, day.date);
            return (
              <a
                key={day.date}
                href={href}
                aria-label={label}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(href);
                }}
              >
                <title>{label}</title>
                {/* The whole slot answers the pointer, so a day without orders still shows its figures. */}
                <rect className="home-slot" x={i * SLOT} y="0" width={SLOT} height={HEIGHT} fill="transparent" />
                {day.orders > 0 && <rect className="home-bar" data-date={day.date} x={i * SLOT + 1.5} y={y(day.orders, maxOrders)} width={SLOT - 3} height={HEIGHT - y(day.orders, maxOrders)} rx="1" />}
              </a>
            );
          })}
          <polyline className="home-line" points={points} fill="none" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" pointerEvents="none" />
        </svg>
      </Box>
      <HStack justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
        <Text>{first ? formatDay(first.date) : ""}</Text>
        <Text>Today</Text>
      </HStack>
      <HStack gap="4" fontSize="sm" color="fg.muted" aria-hidden="true" wrap="wrap">
        <HStack gap="1.5">
          <Box width="3" height="3" borderRadius="sm" bg={{ base: "brand.200", _dark: "brand.500" }} />
          <Text>Orders (bars)</Text>
        </HStack>
        <HStack gap="1.5">
          <Box width="4" height="0.5" borderRadius="full" bg="orange.fg" />
          <Text>Net revenue (line)</Text>
        </HStack>
      </HStack>
    </Stack>
  );
}
