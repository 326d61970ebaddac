import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

// The drawer's code is fetched the first time it opens, so a first visit does not pay for it.
const CartDrawer = lazy(() => import("./CartDrawer"));

interface CartDrawerControl {
  isOpen: boolean;
  openCart(): void;
  closeCart(): void;
}

const CartDrawerContext = createContext<CartDrawerControl>({ isOpen: false, openCart: () => undefined, closeCart: () => undefined });

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const openCart = useCallback(() => {
    setEverOpened(true);
    setOpen(true);
  }, []);
  const closeCart = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, openCart, closeCart }), [isOpen, openCart, closeCart]);
  return (
    <CartDrawerContext.Provider value={value}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <CartDrawer open={isOpen} onClose={closeCart} />
        </Suspense>
      )}
    </CartDrawerContext.Provider>
  );
}

export function useCartDrawer(): CartDrawerControl {
  return useContext(CartDrawerContext);
}
