import { useQuery } from "@apollo/client/react";
import { HomeRouteDocument } from "../gql/graphql";

const formatPrice = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export default function HomeRoute() {
  const { data, loading, error } = useQuery(HomeRouteDocument);
  if (loading) return <p aria-busy="true">Loading products…</p>;
  if (error) return <p role="alert">Error loading products</p>;
  const products = data?.featuredProducts ?? [];
  if (products.length === 0) return <p>No products available</p>;
  return (
    <main>
      <h1>Popular Products</h1>
      <ul>
        {products.map((product) => (
          <li key={product.id}>
            {product.featuredImage && <img src={product.featuredImage.url} alt={product.featuredImage.altText} width={160} height={160} />}
            <span>{product.title}</span> <span>{formatPrice.format(Number(product.price.amount))}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
