import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Tabs } from "../components/ui/recipes/tabs";
import { useQuery } from "@apollo/client/react";
import { ShoppingBag } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { EmptyState, ErrorState } from "../components/StateMessage";
import { AccountDetails } from "../features/account/AccountDetails";
import { SignedInOnly } from "../features/auth/SignedInOnly";
import { customerName } from "../features/auth/useSession";
import { OrderCard, OrderCardSkeleton } from "../features/orders/OrderCard";
import { DashboardRouteDocument, type SessionCustomerFragment } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";

// spec §9: three order skeletons.
const ORDER_SKELETONS = 3;

type DashboardTab = "orders" | "account";

export default function DashboardRoute() {
  usePageMeta("My Dashboard", "Your orders and account at Satire Supply Co.");
  return (
    <Container maxW="4xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <SignedInOnly pending={<DashboardPending />}>{(customer) => <Dashboard customer={customer} />}</SignedInOnly>
    </Container>
  );
}

function DashboardPending() {
  return (
    <Stack gap="6" aria-busy="true">
      <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
        My Dashboard
      </Heading>
      <OrderSkeletons />
    </Stack>
  );
}

function OrderSkeletons() {
  return (
    <Stack gap="4" role="status" aria-label="Loading your orders">
      {Array.from({ length: ORDER_SKELETONS }, (_, i) => (
        <OrderCardSkeleton key={i} />
      ))}
    </Stack>
  );
}

function Dashboard({ customer }: { customer: SessionCustomerFragment }) {
  const [params, setParams] = useSearchParams();
  const tab: DashboardTab = params.get("tab") === "account" ? "account" : "orders";
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          Welcome back, {customerName(customer)}!
        </Heading>
        <Text color="fg.muted">Your orders and account details, all in one place.</Text>
      </Stack>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setParams(e.value === "account" ? { tab: "account" } : {}, { replace: true })}
        variant="line"
        lazyMount
      >
        <Tabs.List>
          <Tabs.Trigger value="orders">My Orders</Tabs.Trigger>
          <Tabs.Trigger value="account">Account Details</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="orders" pt="6">
          <MyOrders />
        </Tabs.Content>
        <Tabs.Content value="account" pt="6">
          <AccountDetails customer={customer} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

function MyOrders() {
  // A customer who just paid in another tab expects the order here: show what is cached, then the
  // gateway's current list.
  const { data, loading, error } = useQuery(DashboardRouteDocument, { fetchPolicy: "cache-and-network" });
  const orders = data?.me?.orders;
  if (!orders && loading) return <OrderSkeletons />;
  if (!orders && error) return <ErrorState headingLevel="h2" title="Error loading orders" description="We couldn't load your orders. Please try again." />;
  if (!orders || orders.length === 0) {
    return (
      <EmptyState headingLevel="h2" title="No orders yet" description="When you order something, it shows up here with its status and tracking.">
        <Button asChild colorPalette="brand">
          <Link to="/shop">
            <ShoppingBag aria-hidden="true" /> Start Shopping
          </Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap="4" aria-label="My orders">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </Stack>
  );
}
