import { Skeleton } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { SHIPS_WITHIN, SUPPORT_EMAIL } from "../features/info/policies";
import { ShippingRatesTable } from "../features/info/ShippingRatesTable";
import { ShippingRouteDocument } from "../gql/graphql";
import { formatPrice } from "../lib/money";

export default function ShippingRoute() {
  const { data, loading, error } = useQuery(ShippingRouteDocument);
  const threshold = data?.shop.freeShippingThreshold.amount;
  return (
    <InfoPage
      title="Shipping Information"
      description={`Every order is printed on demand and ships within ${SHIPS_WITHIN}. Standard and expedited delivery, free standard shipping on larger orders.`}
      lead={`Every item is printed for you and leaves our print partner within ${SHIPS_WITHIN}.`}
    >
      <h2>Processing time</h2>
      <p>
        Because we print on demand, your order goes to production as soon as it is paid. Printing, drying, quality checks and packing
        take {SHIPS_WITHIN}; then the parcel is handed to the carrier and you can follow it from your order's status page.
      </p>

      <h2>Rates and delivery times</h2>
      {loading ? (
        <Skeleton height="32" mb="4" />
      ) : error || !data ? (
        <p>Our current rates are shown at checkout before you pay.</p>
      ) : (
        <ShippingRatesTable shop={data.shop} />
      )}
      {threshold && (
        <p>
          <strong>Free standard shipping</strong> on every order of {formatPrice(threshold)} or more (before shipping). The discount is
          applied at checkout automatically.
        </p>
      )}
      <p>Delivery times count business days after dispatch, so add the processing time above for the total wait.</p>

      <h2>Where we ship</h2>
      <p>
        We ship to the United States, Canada, the United Kingdom, Ireland, Australia, New Zealand and much of Western Europe
        (Germany, France, the Netherlands, Belgium, Spain, Italy, Sweden, Denmark and Norway); checkout lists every destination.
        Parcels sent outside the United States may owe import duties or taxes, which the carrier collects on delivery.
      </p>

      <h2>Tracking and problems</h2>
      <p>
        Your confirmation page links to your order's status page, and you can find it again any time on{" "}
        <Link to="/track">Track Your Order</Link>. If a parcel is late, lost or arrives damaged, write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your order number and we will sort it out. See also our{" "}
        <Link to="/returns">returns policy</Link>.
      </p>
    </InfoPage>
  );
}
