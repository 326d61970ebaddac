import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
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

/** Label–value pairs (a definition list: each pair in a div), the value at the end of the line. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Stack as="dl" gap="1.5" fontSize="sm">
      {children}
    </Stack>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="baseline" gap="4">
      <Text as="dt" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <Box as="dd" textAlign="end" minW="0" wordBreak="break-word">
        {children}
      </Box>
    </HStack>
  );
}
