import { useQuery } from "@apollo/client/react";
import { HydrationBoundary } from "../components/HydrationBoundary";
import { Hero } from "../features/home/Hero";
import { MemeOfTheWeek } from "../features/home/MemeOfTheWeek";
import { PopularProducts } from "../features/home/PopularProducts";
import { PromoBanner } from "../features/home/PromoBanner";
import { ShopByCollection } from "../features/home/ShopByCollection";
import { WhyChoose } from "../features/home/WhyChoose";
import { NewsletterForm } from "../features/newsletter/NewsletterForm";
import { HomeCollectionsDocument } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";

export default function HomeRoute() {
  // On a phone the first collection's banner is the largest thing in view (the hero is text): the
  // gateway's page fetches it early. The same query as ShopByCollection's, so one request.
  const { data } = useQuery(HomeCollectionsDocument);
  usePageMeta(null, "Political-satire t-shirts, mugs, hats and home goods that poke fun at committees, filibusters and red tape. Printed on demand.", {
    preloadImage: data?.collections[0]?.image?.url ?? null,
  });
  return (
    <>
      <Hero />
      <HydrationBoundary>
        <PromoBanner />
      </HydrationBoundary>
      <HydrationBoundary>
        <ShopByCollection />
      </HydrationBoundary>
      <HydrationBoundary>
        <PopularProducts />
      </HydrationBoundary>
      <HydrationBoundary>
        <MemeOfTheWeek />
      </HydrationBoundary>
      <HydrationBoundary>
        <WhyChoose />
        <NewsletterForm />
      </HydrationBoundary>
    </>
  );
}
