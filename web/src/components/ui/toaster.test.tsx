import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getSystem } from "../../theme/system";
import { clearToasts, notify, Toaster } from "./toaster";

function renderToaster() {
  return render(
    <ChakraProvider value={getSystem()}>
      <Toaster />
    </ChakraProvider>,
  );
}

// The toaster is not in the first visit's JavaScript; it loads with the shopper's first
// interaction or the first toast, and no toast asked for meanwhile is lost.
describe("the toaster, loaded on demand", () => {
  it("shows the latest toast asked for before it had loaded (one at a time), then each new one at once", async () => {
    clearToasts();
    renderToaster();
    act(() => {
      notify({ title: "First", type: "info" });
      notify({ title: "Cart Updated", description: "Quantity changed.", type: "success" });
    });
    expect(screen.queryByText("Cart Updated")).toBeNull();
    expect(await screen.findByText("Cart Updated", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("Quantity changed.")).toBeTruthy();
    expect(screen.queryByText("First")).toBeNull();

    act(() => notify({ title: "Item Removed", type: "info" }));
    expect(await screen.findByText("Item Removed")).toBeTruthy();
    clearToasts();
  });

  it("loads with the shopper's first interaction, before any toast, and not before", async () => {
    clearToasts();
    const { container } = renderToaster();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(container.ownerDocument.querySelector("[data-scope=toast]")).toBeNull();
    act(() => {
      window.dispatchEvent(new Event("pointerdown"));
    });
    // Chakra's Toaster renders its (empty) region into a portal once loaded.
    await screen.findByRole("region", {}, { timeout: 5000 });
    expect(container.ownerDocument.querySelector("[data-scope=toast]")).toBeTruthy();
  });
});

describe("where toasts go and what they offer", () => {
  it("sit at the bottom, on the side away from the cart drawer (which opens on the right)", async () => {
    clearToasts();
    renderToaster();
    act(() => notify({ title: "Added to Cart!", type: "success" }));
    await screen.findByText("Added to Cart!", {}, { timeout: 5000 });
    expect(screen.getByText("Added to Cart!").closest("[data-placement]")?.getAttribute("data-placement")).toBe("bottom-start");
    clearToasts();
  });

  it("keep their room at the foot of the screen (--toast-room) while shown, for the cart drawer to leave free", async () => {
    clearToasts();
    renderToaster();
    const room = () => document.documentElement.style.getPropertyValue("--toast-room");
    act(() => notify({ title: "Added to Cart!", type: "success" }));
    await screen.findByText("Added to Cart!", {}, { timeout: 5000 });
    expect(room()).toMatch(/^calc\(\d+px \+ 1\.5rem\)$/);
    act(() => clearToasts());
    await waitFor(() => expect(screen.queryByText("Added to Cart!")).toBeNull());
    expect(room()).toBe("");
  });

  it("offer their action as a button that runs it once and closes the toast", async () => {
    clearToasts();
    renderToaster();
    const onClick = vi.fn();
    act(() => notify({ title: "Cart cleared", type: "info", action: { label: "Undo", onClick } }));
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }, { timeout: 5000 }));
    expect(onClick).toHaveBeenCalledTimes(1);
    // Closing (its exit animation is the browser's to run).
    const root = screen.getByText("Cart cleared").closest("[data-part=root]")!;
    await waitFor(() => expect(root.getAttribute("data-state")).toBe("closed"));
    clearToasts();
  });
});
