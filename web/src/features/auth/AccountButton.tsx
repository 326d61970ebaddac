import { Box, Button, type ButtonProps } from "@chakra-ui/react";
import { ChevronDown, CircleUserRound } from "lucide-react";
import { forwardRef } from "react";

/**
 * The name shows where the header has room for it: not on phones, nor from 768 to 1023 px, where the
 * links and the search fill the header's row (a long name pushed the page wider than the screen).
 */
const shown = (display: "block" | "inline-flex") => ({ base: "none", sm: display, md: "none", lg: display });

/**
 * The signed-in header's button: the customer's name (an icon alone on phones and tablets). It is also what shows
 * while the menu's code loads, so the header looks the same before and after.
 */
export const AccountButton = forwardRef<HTMLButtonElement, ButtonProps & { name: string }>(function AccountButton({ name, ...rest }, ref) {
  return (
    <Button ref={ref} variant="ghost" px={{ base: "2", sm: "3" }} aria-label={`Account menu for ${name}`} {...rest}>
      <CircleUserRound aria-hidden="true" />
      <Box as="span" display={shown("block")} maxWidth={{ sm: "24", lg: "40" }} truncate>
        {name}
      </Box>
      <Box as="span" display={shown("inline-flex")}>
        <ChevronDown aria-hidden="true" />
      </Box>
    </Button>
  );
});
