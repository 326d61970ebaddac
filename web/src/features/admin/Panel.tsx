import { Box, Heading, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A titled section of an admin screen. */
export function Panel({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="lg" bg="bg.panel" p={{ base: "4", md: "5" }}>
      <Stack gap="3">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
