import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";

const HomeRoute = lazy(() => import("./routes/HomeRoute"));
const NotFoundRoute = lazy(() => import("./routes/NotFoundRoute"));

export function App() {
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
