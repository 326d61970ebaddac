import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../tests/render";
import { designLineAttributes } from "../cart/lineAttributes";
import { loadCart } from "../cart/localCart";
import { useAddToCart, type AddToCartRequest } from "./useAddToCart";

const BLURRY = "This image may print blurry at this size — make it smaller or use a larger picture";
const variant = { id: "v-tee-m", title: "M / Black", price: { amount: "24.99" } };

function AddButton({ request }: { request: AddToCartRequest }) {
  const addToCart = useAddToCart();
  return <button onClick={() => addToCart(request)}>Add</button>;
}

function add(request: AddToCartRequest) {
  renderScreen(<AddButton request={request} />);
  fireEvent.click(screen.getByRole("button", { name: "Add" }));
  return loadCart();
}

describe("adding a custom design's line with its print-quality warning", () => {
  it("keeps the upload's warning on the design's line", () => {
    const [line] = add({ productTitle: "Tee", image: "/designs/d-1/preview", variant, quantity: 1, customAttributes: designLineAttributes("d-1", null), printWarning: BLURRY });
    expect(line).toMatchObject({ id: "v-tee-m", image: "/designs/d-1/preview", printWarning: BLURRY });
  });

  it("stores no warning when the upload gave none", () => {
    const [designed] = add({ productTitle: "Tee", image: "/designs/d-2/preview", variant, quantity: 1, customAttributes: designLineAttributes("d-2", null), printWarning: null });
    expect(designed).toMatchObject({ customAttributes: [{ key: "designId", value: "d-2" }] });
    expect(designed).not.toHaveProperty("printWarning");
  });

  it("stores no warning on a line without a design", () => {
    const [plain] = add({ productTitle: "Tee", image: "/media/tee.svg", variant, quantity: 1, printWarning: BLURRY });
    expect(plain).toMatchObject({ id: "v-tee-m" });
    expect(plain).not.toHaveProperty("printWarning");
  });
});
