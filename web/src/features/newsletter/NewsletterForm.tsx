import { Box, Button, Container, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useSubscribeNewsletter } from "./useSubscribeNewsletter";

/** spec §2/§5 Home: an email input of type email and Subscribe. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const { subscribe, loading } = useSubscribeNewsletter();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await subscribe(email.trim())) setEmail("");
  };

  return (
    <Box as="section" aria-labelledby="newsletter-title" py={{ base: "12", md: "16" }} bg="brand.800" color="white">
      <Container maxW="2xl" px={{ base: "4", md: "6" }} textAlign="center">
        <Heading as="h2" id="newsletter-title" size={{ base: "2xl", md: "3xl" }} mb="2">
          Join the Opposition (Mailing List)
        </Heading>
        <Text color="gray.200" mb="6">
          New designs, the meme of the week and the occasional sale. No filibusters, unsubscribe any time.
        </Text>
        <form onSubmit={onSubmit}>
          <Stack direction={{ base: "column", sm: "row" }} gap="3" align={{ base: "stretch", sm: "end" }}>
            <Field.Root flex="1">
              <Field.Label srOnly color="white">
                Email address
              </Field.Label>
              <Input
                type="email"
                name="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                bg="white"
                color="gray.900"
                borderColor="whiteAlpha.700"
                _placeholder={{ color: "gray.500" }}
                size="lg"
              />
            </Field.Root>
            <Button type="submit" size="lg" bg="red.600" color="white" _hover={{ bg: "red.700" }} loading={loading}>
              Subscribe
            </Button>
          </Stack>
        </form>
      </Container>
    </Box>
  );
}
