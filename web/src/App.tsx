import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { AppShell } from "./components/layout/AppShell";

// spec §2 routes. Every screen is its own chunk, so a first visit downloads only the home page.
const HomeRoute = lazy(() => import("./routes/HomeRoute"));
const ShopRoute = lazy(() => import("./routes/ShopRoute"));
const CollectionsRoute = lazy(() => import("./routes/CollectionsRoute"));
const ProductRoute = lazy(() => import("./routes/ProductRoute"));
const CartRoute = lazy(() => import("./routes/CartRoute"));
const CustomizeRoute = lazy(() => import("./routes/CustomizeRoute"));
const MemesRoute = lazy(() => import("./routes/MemesRoute"));
const DashboardRoute = lazy(() => import("./routes/DashboardRoute"));
const OrderRoute = lazy(() => import("./routes/OrderRoute"));
const AccountRoute = lazy(() => import("./routes/AccountRoute"));
const LoginRoute = lazy(() => import("./routes/LoginRoute"));
const CheckoutSuccessRoute = lazy(() => import("./routes/CheckoutSuccessRoute"));
const AboutRoute = lazy(() => import("./routes/AboutRoute"));
const ContactRoute = lazy(() => import("./routes/ContactRoute"));
const ShippingRoute = lazy(() => import("./routes/ShippingRoute"));
const ReturnsRoute = lazy(() => import("./routes/ReturnsRoute"));
const FaqRoute = lazy(() => import("./routes/FaqRoute"));
const TrackRoute = lazy(() => import("./routes/TrackRoute"));
const TermsRoute = lazy(() => import("./routes/TermsRoute"));
const PrivacyRoute = lazy(() => import("./routes/PrivacyRoute"));
const ContentPolicyRoute = lazy(() => import("./routes/ContentPolicyRoute"));
const DisclaimerRoute = lazy(() => import("./routes/DisclaimerRoute"));
const NotFoundRoute = lazy(() => import("./routes/NotFoundRoute"));

export function App() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomeRoute />} />
        <Route path="shop" element={<ShopRoute />} />
        <Route path="collections" element={<CollectionsRoute />} />
        <Route path="collections/:handle" element={<CollectionsRoute />} />
        <Route path="product/:handle" element={<ProductRoute />} />
        <Route path="cart" element={<CartRoute />} />
        <Route path="customize" element={<CustomizeRoute />} />
        <Route path="memes" element={<MemesRoute />} />
        <Route path="dashboard" element={<DashboardRoute />} />
        <Route path="order/:id" element={<OrderRoute />} />
        <Route path="account" element={<AccountRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="checkout-success" element={<CheckoutSuccessRoute />} />
        <Route path="about" element={<AboutRoute />} />
        <Route path="contact" element={<ContactRoute />} />
        <Route path="shipping" element={<ShippingRoute />} />
        <Route path="returns" element={<ReturnsRoute />} />
        <Route path="faq" element={<FaqRoute />} />
        <Route path="track" element={<TrackRoute />} />
        <Route path="terms" element={<TermsRoute />} />
        <Route path="privacy" element={<PrivacyRoute />} />
        <Route path="content-policy" element={<ContentPolicyRoute />} />
        <Route path="disclaimer" element={<DisclaimerRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
