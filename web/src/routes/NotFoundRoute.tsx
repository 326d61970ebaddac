import { Link } from "react-router-dom";

export default function NotFoundRoute() {
  return (
    <main>
      <h1>404 Page Not Found</h1>
      <Link to="/">Back to the shop</Link>
    </main>
  );
}
