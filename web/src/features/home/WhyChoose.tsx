import { Box, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Award, Sparkles, Truck } from "lucide-react";
import { SHIPS_WITHIN } from "../info/policies";
import { SectionHeading } from "./SectionHeading";

const POINTS = [
  {
    icon: Award,
    title: "Premium Quality",
    text: "Soft ring-spun cotton, dishwasher-safe ceramics and prints that outlast most campaign promises.",
  },
  {
    icon: Truck,
    title: "Fast Shipping",
    text: `Printed on demand and on its way within ${SHIPS_WITHIN}, faster than any bill leaves committee.`,
  },
  {
    icon: Sparkles,
    title: "Fresh Designs",
    text: "New jokes every week, written the moment the news cycle hands them to us.",
  },
];

export function WhyChoose() {
  return (
    <Box as="section" aria-labelledby="home-why" py={{ base: "12", md: "16" }} bg="bg.subtle">
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <SectionHeading id="home-why" title="Why Choose Satire Supply Co.?" />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <Stack key={title} align="center" textAlign="center" gap="3" p="6" borderRadius="lg" bg="bg.panel" borderWidth="1px">
              <Box color="brand.fg" aria-hidden="true">
                <Icon size={36} />
              </Box>
              <Heading as="h3" size="lg">
                {title}
              </Heading>
              <Text color="fg.muted">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
