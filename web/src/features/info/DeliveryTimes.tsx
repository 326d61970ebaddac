import { Box } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { Fragment } from "react";
import { DeliveryTimesDocument } from "../../gql/graphql";
import { deliveryParts } from "./deliverySentence";

/**
 * " After that, standard delivery takes 5–7 business days and expedited 3–5 business days.", from
 * the gateway's shipping rates. Nothing while they load or when they cannot be read: the sentence
 * around it still points to the shipping page, where the rates are.
 */
export function DeliveryTimes() {
  const { data } = useQuery(DeliveryTimesDocument);
  const parts = deliveryParts(data?.shop.shippingRates ?? []);
  if (parts.length === 0) return null;
  return (
    <>
      {" After that, "}
      {parts.map(({ before, estimate }) => (
        <Fragment key={before}>
          {before}
          {/* A range such as "5–7" never splits across lines. */}
          <Box as="span" whiteSpace="nowrap">
            {estimate}
          </Box>
        </Fragment>
      ))}
      .
    </>
  );
}
