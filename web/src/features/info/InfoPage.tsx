import { Box, Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageMeta } from "../../lib/usePageMeta";

interface InfoPageProps {
  title: string;
  description: string;
  /** A line under the title. */
  lead?: string;
  children: ReactNode;
}

/** The layout of the footer's pages and About: a title and readable prose. */
export function InfoPage({ title, description, lead, children }: InfoPageProps) {
  usePageMeta(title, description);
  return (
    <Container maxW="3xl" px={{ base: "4", md: "6" }} py={{ base: "10", md: "14" }}>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb={lead ? "3" : "8"}>
        {title}
      </Heading>
      {lead && (
        <Text fontSize="lg" color="fg.muted" mb="8">
          {lead}
        </Text>
      )}
      <Box
        lineHeight="tall"
        css={{
          "& h2": { fontFamily: "heading", fontSize: "2xl", fontWeight: "bold", mt: "10", mb: "3" },
          "& h3": { fontWeight: "semibold", fontSize: "lg", mt: "6", mb: "2" },
          "& p": { mb: "4" },
          "& ul, & ol": { pl: "6", mb: "4" },
          "& ul": { listStyleType: "disc" },
          "& ol": { listStyleType: "decimal" },
          "& li": { mb: "1.5" },
          "& a:not([data-button])": { color: "brand.fg", textDecoration: "underline", textUnderlineOffset: "3px" },
        }}
      >
        {children}
      </Box>
    </Container>
  );
}
