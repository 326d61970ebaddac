import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The frame of the pages an emailed link opens (and of the reset request): a heading and a panel, as /login. */
export function LinkPageFrame({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Container maxW="md" px={{ base: "4", md: "6" }} py={{ base: "8", md: "16" }}>
      <Stack gap="2" mb="8" textAlign="center">
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          {title}
        </Heading>
        <Text color="fg.muted">{lead}</Text>
      </Stack>
      <Box borderWidth="1px" borderRadius="xl" bg="bg.panel" p={{ base: "4", md: "6" }}>
        {children}
      </Box>
    </Container>
  );
}
