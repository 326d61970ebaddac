import { Button, Stack, Text } from "@chakra-ui/react";
import { Download } from "lucide-react";

/** The gateway's GET /api/customer/export, which answers the file as an attachment. */
const EXPORT_URL = "/api/customer/export";

/** /account's "Your data": a copy of everything the shop keeps about the customer, as a file. */
export function DownloadMyData() {
  return (
    <Stack gap="3">
      <Text fontSize="sm">
        One JSON file with your profile, saved addresses, orders (their items, addresses, statuses and totals) and the designs you made in the studio,
        with links to their images.
      </Text>
      <Button asChild variant="outline" alignSelf="start">
        <a href={EXPORT_URL} download>
          <Download aria-hidden="true" /> Download my data
        </a>
      </Button>
    </Stack>
  );
}
