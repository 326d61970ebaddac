import { Center, Spinner } from "@chakra-ui/react";
import { lazy, Suspense, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { EmptyState, ErrorState } from "../components/StateMessage";
import { AdminOrderScreen } from "../features/admin/AdminOrderScreen";
import { AdminOrdersScreen } from "../features/admin/AdminOrdersScreen";
import { AdminShell } from "../features/admin/AdminShell";
import { HomeScreen } from "../features/admin/home/HomeScreen";
import { ApiTokensScreen } from "../features/admin/ApiTokensScreen";
import { OwnerOnly } from "../features/admin/OwnerOnly";
import { ResetPasswordScreen } from "../features/admin/ResetPasswordScreen";
import { SecurityScreen } from "../features/admin/SecurityScreen";
import { StaffScreen } from "../features/admin/StaffScreen";
import { StaffSignIn } from "../features/admin/StaffSignIn";
import { useStaffSession, type StaffSession } from "../features/admin/useStaffSession";
import { WebhooksScreen } from "../features/admin/WebhooksScreen";
import { usePageMeta } from "../lib/usePageMeta";

// The catalog's screens are a chunk of their own, loaded the first time staff open them: Home, where
// staff land, and the orders screens stay small.
const ProductScreens = lazy(() => import("../features/admin/products/ProductScreens"));
const CollectionScreens = lazy(() => import("../features/admin/collections/CollectionScreens"));
const MemeScreens = lazy(() => import("../features/admin/memes/MemeScreens"));
const BulkPriceScreen = lazy(() => import("../features/admin/bulk/BulkPriceScreen"));
const PromotionScreens = lazy(() => import("../features/admin/promotions/PromotionScreens"));
const CatalogImportScreen = lazy(() => import("../features/admin/import/CatalogImportScreen"));
const TrackingImportScreen = lazy(() => import("../features/admin/shipping/TrackingImportScreen"));
const PackingSlipsScreen = lazy(() => import("../features/admin/shipping/PackingSlipsScreen"));

function Loading({ what }: { what: string }) {
  return (
    <Center py="24">
      <Spinner size="lg" color="brand.solid" aria-label={what} />
    </Center>
  );
}

/** The shop's own side, for staff only; loaded on demand and rendered by the browser. */
export default function AdminRoute() {
  usePageMeta("Shop admin", "Orders, products, collections, memes, promotions, fulfilment, staff, API tokens and webhooks.", { noindex: true, canonicalPath: null });
  const session = useStaffSession();
  const { "*": path = "" } = useParams();
  // The emailed link's page works signed in or not (an invitation, a forgotten password).
  if (path.replace(/\/+$/, "") === "reset-password") return <AdminShell staff={session.staff}>{<ResetPasswordScreen />}</AdminShell>;
  return <AdminShell staff={session.staff}>{screenFor(session, path)}</AdminShell>;
}

function screenFor(session: StaffSession, path: string): ReactNode {
  if (session.status === "unknown") return <Loading what="Checking your sign-in" />;
  if (session.status === "failed") {
    return <ErrorState title="We couldn't check your sign-in" description="The shop didn't answer. Please try again." onRetry={session.retry} headingLevel="h2" />;
  }
  if (!session.staff) return <StaffSignIn />;
  const staff = session.staff;
  // The shop requires two-factor sign-in and this member has none: setting it up comes before anything else.
  if (staff.twoFactorSetupRequired) return <SecurityScreen setupRequired />;
  // The admin's own addresses under /admin/*, matched here rather than with nested <Routes>: the
  // router's route-matching components would otherwise join the chunk every shopper downloads.
  const [section = "", id, ...rest] = path.split("/").filter(Boolean);
  if (rest.length === 0) {
    if (section === "" && !id) return <HomeScreen />;
    if (section === "orders" && id === "import-tracking") {
      return (
        <Suspense fallback={<Loading what="Loading tracking import" />}>
          <TrackingImportScreen />
        </Suspense>
      );
    }
    if (section === "orders" && id === "packing-slips") {
      return (
        <Suspense fallback={<Loading what="Loading packing slips" />}>
          <PackingSlipsScreen />
        </Suspense>
      );
    }
    if (section === "orders") return id ? <AdminOrderScreen id={decodeURIComponent(id)} /> : <AdminOrdersScreen />;
    if (section === "products") {
      return (
        <Suspense fallback={<Loading what="Loading products" />}>
          <ProductScreens id={id ? decodeURIComponent(id) : null} canChangeInBulk={staff.role === "OWNER"} />
        </Suspense>
      );
    }
    if (section === "collections") {
      return (
        <Suspense fallback={<Loading what="Loading collections" />}>
          <CollectionScreens id={id ? decodeURIComponent(id) : null} />
        </Suspense>
      );
    }
    if (section === "memes") {
      return (
        <Suspense fallback={<Loading what="Loading memes" />}>
          <MemeScreens id={id ? decodeURIComponent(id) : null} />
        </Suspense>
      );
    }
    if (section === "promotions") {
      return (
        <Suspense fallback={<Loading what="Loading promotions" />}>
          <PromotionScreens id={id ? decodeURIComponent(id) : null} isOwner={staff.role === "OWNER"} />
        </Suspense>
      );
    }
    if (section === "prices" && !id) {
      return (
        <OwnerOnly staff={staff} what="bulk price changes">
          <Suspense fallback={<Loading what="Loading bulk price change" />}>
            <BulkPriceScreen />
          </Suspense>
        </OwnerOnly>
      );
    }
    if (section === "tokens" && !id) {
      return (
        <OwnerOnly staff={staff} what="API tokens">
          <ApiTokensScreen />
        </OwnerOnly>
      );
    }
    if (section === "security" && !id) return <SecurityScreen setupRequired={false} />;
    if (section === "staff" && !id) {
      return (
        <OwnerOnly staff={staff} what="staff">
          <StaffScreen me={staff} />
        </OwnerOnly>
      );
    }
    if (section === "import" && !id) {
      return (
        <OwnerOnly staff={staff} what="the catalog's import and export">
          <Suspense fallback={<Loading what="Loading import and export" />}>
            <CatalogImportScreen />
          </Suspense>
        </OwnerOnly>
      );
    }
    if (section === "webhooks" && !id) {
      return (
        <OwnerOnly staff={staff} what="webhooks">
          <WebhooksScreen />
        </OwnerOnly>
      );
    }
  }
  return <EmptyState title="Not an admin page" description="Use the menu above." headingLevel="h2" />;
}
