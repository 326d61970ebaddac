import { ProductEditorScreen } from "./ProductEditorScreen";
import { ProductsScreen } from "./ProductsScreen";

/**
 * The catalog's screens under /admin/products: the list, "new", and a product's editor. One chunk,
 * loaded when staff first open them, so neither a shopper's visit nor the orders screen carries them.
 */
export default function ProductScreens({ id, canChangeInBulk }: { id: string | null; canChangeInBulk: boolean }) {
  if (id === null) return <ProductsScreen canChangeInBulk={canChangeInBulk} />;
  // A product of its own each time (key): its form starts from what that product has saved.
  return id === "new" ? <ProductEditorScreen key="new" id={null} /> : <ProductEditorScreen key={id} id={id} />;
}
