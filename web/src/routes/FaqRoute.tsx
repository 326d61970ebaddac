import { Box } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { DeliveryTimes } from "../features/info/DeliveryTimes";
import { InfoPage } from "../features/info/InfoPage";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SHIPS_WITHIN, SIZE_ANSWER_ID, SUPPORT_EMAIL } from "../features/info/policies";

/** `id`: the question's place on the page (/faq#id), for the questions other pages link to. */
const QUESTIONS: { question: string; answer: ReactNode; id?: string }[] = [
  {
    question: "How long will my order take?",
    answer: (
      <p>
        Every item is printed on demand and ships within {SHIPS_WITHIN}.
        <DeliveryTimes /> Rates are on the <Link to="/shipping">shipping page</Link>.
      </p>
    ),
  },
  {
    question: "Is shipping free?",
    answer: (
      <p>
        Standard shipping is free above an order value shown on the <Link to="/shipping">shipping page</Link> and at checkout;
        otherwise you pay a flat rate.
      </p>
    ),
  },
  {
    question: "Can I return something?",
    answer: (
      <p>
        Yes, within {RETURN_WINDOW_DAYS} days of delivery, for {RETURN_CONDITION}. Because each piece is made to order we can't take
        back items for size or a change of mind. <Link to="/returns">How returns work</Link>.
      </p>
    ),
  },
  {
    question: "How do I find out where my order is?",
    answer: (
      <p>
        Your confirmation page links to your order's status page. Lost it? Enter your order number and email on{" "}
        <Link to="/track">Track Your Order</Link>.
      </p>
    ),
  },
  {
    question: "How do your sizes run?",
    id: SIZE_ANSWER_ID,
    answer: (
      <p>
        Our tees are a classic unisex fit: true to size for most, roomy if you usually wear a women's cut. Each product's Product Details
        tab describes its fabric and fit; ask us if you're between sizes.
      </p>
    ),
  },
  {
    question: "Can I put my own design or a meme on a product?",
    answer: <p>Yes: t-shirts, mugs and hats can carry a meme from our gallery or your own text. The design studio is coming to the shop soon.</p>,
  },
  {
    question: "Is this affiliated with any party or politician?",
    answer: (
      <p>
        No. Everything we sell is satire and parody, aimed at every side. Read our <Link to="/disclaimer">satire disclaimer</Link>.
      </p>
    ),
  },
  {
    question: "How do I pay?",
    answer: <p>By card on our secure checkout page. We never see or store your full card number.</p>,
  },
  {
    question: "I still have a question.",
    answer: (
      <p>
        Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or see <Link to="/contact">Contact Us</Link>.
      </p>
    ),
  },
];

/** The question the address names (/faq#sizes), opened and brought into view. */
function useOpenNamedQuestion() {
  const { hash } = useLocation();
  useEffect(() => {
    const named = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!(named instanceof HTMLDetailsElement)) return;
    named.open = true;
    // After the frame's effects: a new screen is scrolled to its top first (AppShell).
    const frame = requestAnimationFrame(() => named.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

export default function FaqRoute() {
  useOpenNamedQuestion();
  return (
    <InfoPage title="Frequently Asked Questions" description="Answers about shipping, returns, sizing, payment and our satire." lead="Quick answers to what shoppers ask us most.">
      {QUESTIONS.map(({ question, answer, id }) => (
        <Box
          as="details"
          key={question}
          id={id}
          scrollMarginTop="5rem"
          borderBottomWidth="1px"
          py="3"
          css={{
            // The browser's marker hangs outside the text (off a phone's screen): our own triangle
            // starts the line instead, and a long question wraps beside it.
            "& summary": { cursor: "pointer", fontWeight: "semibold", fontSize: "lg", lineHeight: "1.5", display: "flex", gap: "2.5", listStyle: "none" },
            "& summary::-webkit-details-marker": { display: "none" },
            "& summary::before": {
              content: '""',
              flexShrink: 0,
              alignSelf: "flex-start",
              width: "0",
              height: "0",
              // A right-pointing triangle, 0.7em high, centred on the first line (1.5em).
              marginTop: "0.4em",
              borderBlock: "0.35em solid transparent",
              borderInlineStart: "0.55em solid currentColor",
              transition: "transform 0.15s",
            },
            "&[open] summary::before": { transform: "rotate(90deg)" },
            "@media (prefers-reduced-motion: reduce)": { "& summary::before": { transition: "none" } },
            "& summary:focus-visible": { outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" },
            "&[open] summary": { mb: "2" },
            "& p": { mb: "0" },
          }}
        >
          <summary>{question}</summary>
          {answer}
        </Box>
      ))}
    </InfoPage>
  );
}
