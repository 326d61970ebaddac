import { Heading, Stack, Text } from "@chakra-ui/react";

export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <Stack gap="1" mb="6" textAlign="center" align="center">
      <Heading as="h2" id={id} size={{ base: "2xl", md: "3xl" }}>
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" maxW="2xl">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
