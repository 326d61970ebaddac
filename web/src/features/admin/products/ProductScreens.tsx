import { EmptyState } from "../../../components/StateMessage";
import { ProductsScreen } from "./ProductsScreen";

/**
 * The catalog's screens under /admin/products. One chunk, loaded when staff first open them, so
 * neither a shopper's visit nor the orders screen carries them.
 */
export default function ProductScreens({ id }: { id: string | null }) {
  if (id === null) return <ProductsScreen />;
  return <EmptyState title="Not an admin page" description="Use the menu above." headingLevel="h2" />;
}
