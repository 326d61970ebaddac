import { fireEvent, screen } from "@testing-library/react";
import { Route, Routes, useNavigate } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../../tests/render";
import { AppShell } from "./AppShell";

/** A screen that moves the address as screens do: a link (push), a redirect (replace), a noted choice (replace of the query). */
function Moves() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate("/shop?page=2")}>push</button>
      <button onClick={() => navigate("/product/tee?variant=v-2", { replace: true })}>note a choice</button>
      <button onClick={() => navigate("/product/new-tee", { replace: true })}>redirect</button>
    </>
  );
}

describe("where a screen starts", () => {
  it("at the top for a new screen; where it was when a screen only notes its state in its address", () => {
    renderScreen(
      <Routes>
        <Route element={<AppShell account={null} cart={null} menuAccount={null} />}>
          <Route path="*" element={<Moves />} />
        </Route>
      </Routes>,
      { route: "/product/tee" },
    );
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole("button", { name: "note a choice" }));
    expect(screen.getByTestId("location").textContent).toBe("/product/tee?variant=v-2");
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "redirect" }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "push" }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
