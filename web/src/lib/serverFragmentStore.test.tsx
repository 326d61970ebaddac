import createCache, { type EmotionCache } from "@emotion/cache";
import { createContext, useContext, useId, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServerFragment } from "./serverFragments";
import { ServerFragmentStore } from "./serverFragmentStore";

const Needed = createContext<string | null>(null);

function Card({ title }: { title: string }) {
  return (
    <article className="card" data-kind="product" aria-label={`About ${title} & "more"`}>
      <h3>{title}</h3>
      {title} costs <b>$1</b>
    </article>
  );
}

function WithId({ title }: { title: string }) {
  const id = useId();
  return <article aria-labelledby={id}><h3 id={id}>{title}</h3></article>;
}

function Reads({ title }: { title: string }) {
  const value = useContext(Needed);
  if (value === null) throw new Error("rendered outside its provider");
  return <article>{title} {value}</article>;
}

function Styled({ title }: { title: string }) {
  return <article style={{ color: "red" }}>{title}</article>;
}

const store = () =>
  new ServerFragmentStore({ maxEntries: 10, createCache: () => createCache({ key: "css" }), wrap: (element) => element });

/** One page with `parts`, each under its own key: its markup, and how many parts were written from kept markup. */
function page(fragments: ServerFragmentStore, parts: ReactElement[]) {
  const cache: EmotionCache = createCache({ key: "css" });
  const kept = fragments.forPage(() => cache);
  const tree = (
    <Needed.Provider value="in the page">
      <main>
        {parts.map((part, i) => (
          <ServerFragment key={i} fragmentKey={`part:${i}:${JSON.stringify(part.props)}`}>
            {part}
          </ServerFragment>
        ))}
      </main>
    </Needed.Provider>
  );
  const html = renderToString(kept.provide(tree));
  kept.keepSeen();
  return { html, written: kept.written, plain: renderToString(tree) };
}

describe("ServerFragmentStore", () => {
  it("keeps a part seen on two pages, and writes it on the next exactly as a render does", () => {
    const fragments = store();
    const parts = [<Card key="a" title="Mug <large>" />, <Card key="b" title="Tee" />];
    const first = page(fragments, parts);
    const second = page(fragments, parts);
    const third = page(fragments, parts);
    expect([first.written, second.written, third.written]).toEqual([0, 0, 2]);
    expect(third.html).toBe(first.plain);
    expect(second.html).toBe(first.html);
    // Another title is another key: rendered, not the kept one.
    const other = page(fragments, [<Card key="a" title="Hat" />]);
    expect(other.written).toBe(0);
    expect(other.html).toContain("Hat");
  });

  it("never keeps a part with an id from useId, one that needs the page's providers, or one whose attributes it cannot write back", () => {
    const fragments = store();
    const parts = [<WithId key="a" title="Pin" />, <Reads key="b" title="Sticker" />, <Styled key="c" title="Cap" />];
    for (let i = 0; i < 4; i++) {
      const shown = page(fragments, parts);
      expect(shown.written).toBe(0);
      expect(shown.html).toBe(shown.plain);
    }
  });

  it("forgets the oldest parts past its bound", () => {
    const fragments = store();
    for (let i = 0; i < 25; i++) page(fragments, [<Card key="a" title={`Item ${i}`} />]);
    expect(fragments.size).toBe(10);
  });
});
